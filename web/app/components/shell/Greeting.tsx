import { Fragment } from "react";
import { useTranslation } from "react-i18next";

/** Spec: under 600 px, names are shortened to 10 characters. */
export const SHORT_NAME_LENGTH = 10;

export function shortName(name: string): string {
  return name.length > SHORT_NAME_LENGTH ? `${name.slice(0, SHORT_NAME_LENGTH)}…` : name;
}

/** A name in full from 600 px up and shortened below, decided by CSS so server and client render the same. */
export function ResponsiveName({ name }: { name: string }) {
  return (
    <>
      <span className="min-[600px]:hidden">{shortName(name)}</span>
      <span className="max-[599px]:hidden">{name}</span>
    </>
  );
}

/** 'Olá {name}, seja bem-vindo a {company}!' with the names in bold (user text is never parsed as markup). */
export function Greeting({ name, company, wrap = false }: { name: string; company: string; wrap?: boolean }) {
  const { t } = useTranslation();
  const template = t("shell.greeting", { name: "\u0000name\u0000", company: "\u0000company\u0000" });
  const parts = template.split("\u0000");
  return (
    <p className={wrap ? "text-sm text-pretty break-words text-muted" : "truncate text-sm text-muted"} title={wrap ? undefined : t("shell.greeting", { name, company })}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part === "name" ? (
            <strong className="font-semibold text-fg">
              <ResponsiveName name={name} />
            </strong>
          ) : part === "company" ? (
            <strong className="font-semibold text-fg">
              <ResponsiveName name={company} />
            </strong>
          ) : (
            part
          )}
        </Fragment>
      ))}
    </p>
  );
}
