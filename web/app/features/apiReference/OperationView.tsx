import { Fragment, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { JsonSchema, OpenApiParameter, OpenApiResponse } from "../../../../worker/contracts/publicApi/openApiDocument";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { CodeBlock, json } from "./CodeBlock";
import { Inline, Markdown } from "./Markdown";
import { typeLabel, type ReferenceOperation } from "./reference";
import { SchemaTree } from "./SchemaTree";
import { TryIt } from "./TryIt";

type Components = Record<string, JsonSchema>;

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-brand-soft text-brand-text",
  post: "bg-warning-soft text-warning-fg",
  delete: "bg-danger-soft text-danger",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span className={cn("inline-flex w-14 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-[11px] font-bold uppercase", METHOD_COLOURS[method] ?? "bg-surface-3 text-fg", className)}>
      {method}
    </span>
  );
}

/** One operation of the API (or, with `event`, one webhook event): what it takes, what it answers, and "try it". */
export function OperationView({ entry, components, serverUrl, event = false }: { entry: ReferenceOperation; components: Components; serverUrl: string; event?: boolean }) {
  const { t } = useTranslation();
  const [trying, setTrying] = useState(false);
  const { operation, method, path } = entry;
  const body = operation.requestBody?.content["application/json"];
  const responses = Object.entries(operation.responses);
  const success = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  return (
    <article id={entry.anchor} aria-labelledby={`${entry.anchor}-title`} className="flex scroll-mt-20 flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <header className="flex flex-col gap-2">
        <h3 id={`${entry.anchor}-title`} className="flex min-w-0 flex-wrap items-center gap-2">
          {event ? null : <MethodBadge method={method} />}
          <code className="font-mono text-sm font-semibold break-all">{path}</code>
        </h3>
        <p className="text-sm font-medium text-fg">{operation.summary}</p>
        {operation["x-scope"] ? (
          <p className="text-xs text-muted">
            {t("apiReference.scope")}: <code className="rounded bg-surface-3 px-1.5 py-0.5 font-mono text-fg">{operation["x-scope"]}</code>
          </p>
        ) : null}
        {operation.description && !event ? <Markdown text={operation.description.replace(/\n*Scope: `[^`]+`\.$/, "")} /> : null}
      </header>

      {operation.parameters.length > 0 ? (
        <Section title={event ? t("apiReference.eventHeaders") : t("apiReference.parameters")}>
          <Parameters parameters={operation.parameters} components={components} />
        </Section>
      ) : null}

      {body ? (
        <Section title={event ? t("apiReference.eventBody") : t("apiReference.requestBody")}>
          <SchemaTree schema={body.schema} components={components} />
          {body.example !== undefined ? <Example value={body.example} /> : null}
        </Section>
      ) : null}

      {event ? null : (
        <Section title={t("apiReference.responses")}>
          {success.map(([status, response]) => (
            <Success key={status} status={status} response={response} components={components} />
          ))}
          {errors.length > 0 ? <ErrorTable errors={errors} /> : null}
        </Section>
      )}

      {event ? null : (
        <div className="flex flex-col gap-3">
          <div>
            <Button variant="outline" size="sm" onClick={() => setTrying((open) => !open)} aria-expanded={trying}>
              {trying ? t("apiReference.tryIt.close") : t("apiReference.tryIt.open")}
            </Button>
          </div>
          {trying ? <TryIt serverUrl={serverUrl} method={method} path={path} operation={operation} components={components} /> : null}
        </div>
      )}
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      {children}
    </section>
  );
}

function Parameters({ parameters, components }: { parameters: OpenApiParameter[]; components: Components }) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-line rounded-lg border border-line text-sm">
      {parameters.map((parameter) => (
        <li key={`${parameter.in}:${parameter.name}`} className="flex flex-col gap-0.5 px-3 py-2">
          <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <code className="font-mono text-xs font-semibold">{parameter.name}</code>
            <span className="text-xs text-subtle">{t(`apiReference.in.${parameter.in}`)}</span>
            <span className="font-mono text-xs text-brand-text">{typeLabel(parameter.schema, components)}</span>
            <span className={parameter.required ? "text-xs text-danger" : "text-xs text-subtle"}>
              {parameter.required ? t("apiReference.required") : t("apiReference.optional")}
            </span>
          </span>
          {parameter.description ? (
            <span className="text-xs text-muted">
              <Inline text={parameter.description} />
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Success({ status, response, components }: { status: string; response: OpenApiResponse; components: Components }) {
  const { t } = useTranslation();
  const media = response.content?.["application/json"];
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 text-sm">
        <span className="rounded-full bg-brand-soft px-2 py-0.5 font-mono text-xs font-semibold text-brand-text">{status}</span>
        {media ? response.description : t("apiReference.noContent")}
      </p>
      {media ? <SchemaTree schema={media.schema} components={components} /> : null}
      {media?.example !== undefined ? <Example value={media.example} /> : null}
    </div>
  );
}

function Example({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return (
    <details className="group">
      <summary className="cursor-pointer text-xs font-medium text-muted hover:text-fg">{t("apiReference.example")}</summary>
      <CodeBlock code={json(value)} label={t("apiReference.example")} />
    </details>
  );
}

function ErrorTable({ errors }: { errors: [string, OpenApiResponse][] }) {
  const { t } = useTranslation();
  const rows = errors.flatMap(([status, response]) =>
    Object.entries(response.content?.["application/json"]?.examples ?? {}).map(([code, example]) => ({ status, code, message: example.summary ?? "" })),
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-1 text-left text-xs font-semibold text-muted">{t("apiReference.errors")}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th className="py-1.5 pr-3 font-medium">{t("apiReference.status")}</th>
            <th className="py-1.5 pr-3 font-medium">{t("apiReference.code")}</th>
            <th className="py-1.5 font-medium">{t("apiReference.meaning")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} className="border-t border-line align-top">
              <td className="py-1.5 pr-3 tabular-nums">{row.status}</td>
              <td className="py-1.5 pr-3 font-mono text-xs">
                <BreakableCode code={row.code} />
              </td>
              <td className="py-1.5 text-xs">{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** ERR_API_TOKEN_INVALID may break after each underscore on a phone, never inside a word. */
function BreakableCode({ code }: { code: string }) {
  const parts = code.split("_");
  return (
    <>
      {parts.map((part, n) => (
        <Fragment key={n}>
          {part}
          {n < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
