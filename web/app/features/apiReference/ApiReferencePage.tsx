import { useLoaderData } from "@remix-run/react";
import { FileJson, Globe, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { OpenApiDocument } from "../../../../worker/contracts/publicApi/openApiDocument";
import { BrandMark } from "../../components/shell/BrandLogo";
import { FALLBACK_LANGUAGE, LANGUAGES, rememberLanguage, switchLanguage, toLanguage } from "../../i18n";
import { useTheme } from "../../lib/theme";
import { Markdown } from "./Markdown";
import { MethodBadge, OperationView } from "./OperationView";
import { operationGroups, webhookEvents, webhookRecipe, type ReferenceGroup, type ReferenceOperation } from "./reference";
import "./texts";

/**
 * /api/docs: the public API's reference, rendered from the OpenAPI document the worker builds from the routes' own
 * declarations. Its chrome speaks the visitor's language; the document itself is English.
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const { document } = useLoaderData<{ document: OpenApiDocument }>();
  const groups = operationGroups(document);
  const events = webhookEvents(document);
  const serverUrl = document.servers[0]?.url ?? "/api/v1";
  const components = document.components.schemas;
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <ReferenceHeader version={document.info.version} />
      <div className="mx-auto w-full max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)]">
        <details className="mb-4 rounded-xl border border-line bg-surface p-3 lg:hidden">
          <summary className="cursor-pointer text-sm font-semibold">{t("apiReference.contents")}</summary>
          <Contents groups={groups} events={events} />
        </details>
        <aside className="hidden lg:block">
          <nav aria-label={t("apiReference.contents")} className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto pr-2">
            <Contents groups={groups} events={events} />
          </nav>
        </aside>
        <main className="flex min-w-0 flex-col gap-10">
          <section id="overview" aria-labelledby="overview-title" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-6">
            <h1 id="overview-title" className="text-xl font-semibold tracking-tight">
              {document.info.title}
            </h1>
            <p className="text-sm text-muted">{t("apiReference.subtitle")}</p>
            <p className="flex flex-wrap gap-x-2 text-xs text-muted">
              <span>{t("apiReference.version", { version: document.info.version })}</span>·<code className="font-mono break-all">{serverUrl}</code>
            </p>
            <Markdown text={document.info.description} headingLevel={2} />
          </section>
          {groups.map((group) => (
            <section key={group.tag} id={tagAnchor(group.tag)} aria-labelledby={`${tagAnchor(group.tag)}-title`} className="flex scroll-mt-20 flex-col gap-4">
              <h2 id={`${tagAnchor(group.tag)}-title`} className="text-lg font-semibold tracking-tight">
                {group.tag}
              </h2>
              {group.description ? <Markdown text={group.description} /> : null}
              {group.operations.map((entry) => (
                <OperationView key={entry.anchor} entry={entry} components={components} serverUrl={serverUrl} />
              ))}
            </section>
          ))}
          {events.length > 0 ? (
            <section id="webhooks" aria-labelledby="webhooks-title" className="flex scroll-mt-20 flex-col gap-4">
              <h2 id="webhooks-title" className="text-lg font-semibold tracking-tight">
                {t("apiReference.webhooks")}
              </h2>
              <div className="rounded-xl border border-line bg-surface p-4 sm:p-6">
                <Markdown text={webhookRecipe(document)} />
              </div>
              {events.map((entry) => (
                <OperationView key={entry.anchor} entry={entry} components={components} serverUrl={serverUrl} event />
              ))}
            </section>
          ) : null}
        </main>
      </div>
    </div>
  );
}

const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function ReferenceHeader({ version }: { version: string }) {
  const { t, i18n } = useTranslation();
  const { theme, toggle } = useTheme();
  const themeLabel = theme === "dark" ? t("shell.themeLight") : t("shell.themeDark");
  const language = toLanguage(i18n.language) ?? FALLBACK_LANGUAGE;
  return (
    <header className="sticky top-0 z-10 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <a href="#overview" className="flex min-w-0 items-center gap-2">
          <BrandMark className="size-8 rounded-lg" />
          <span className="truncate text-sm font-semibold">{t("apiReference.title")}</span>
          <span className="hidden rounded-full bg-surface-3 px-2 py-0.5 font-mono text-xs text-muted sm:inline">v{version}</span>
        </a>
        <span className="flex-1" />
        <a href="/api/openapi.json" className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg" title={t("apiReference.document")} aria-label={t("apiReference.document")}>
          <FileJson className="size-5" aria-hidden />
        </a>
        {/* The language's short name with a globe; the native menu, invisible on top of it, does the choosing. */}
        <span className="relative flex h-9 items-center gap-1 rounded-full px-2 text-sm font-medium text-muted focus-within:ring-2 focus-within:ring-brand/40 hover:bg-surface-3 hover:text-fg">
          <Globe className="size-5" aria-hidden />
          <span aria-hidden>{language.slice(0, 2).toUpperCase()}</span>
          <select
            aria-label={t("profile.language")}
            value={language}
            onChange={(e) => {
              const lang = toLanguage(e.target.value);
              if (!lang) return;
              rememberLanguage(lang);
              void switchLanguage(i18n, lang);
            }}
            className="absolute inset-0 cursor-pointer opacity-0"
          >
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`)}
              </option>
            ))}
          </select>
        </span>
        <button type="button" onClick={toggle} aria-label={themeLabel} title={themeLabel} className="flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg">
          {theme === "dark" ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
        </button>
      </div>
    </header>
  );
}

function Contents({ groups, events }: { groups: ReferenceGroup[]; events: ReferenceOperation[] }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-2 flex flex-col gap-4 text-sm lg:mt-0">
      <li>
        <a href="#overview" className="font-semibold hover:text-brand-text">
          {t("apiReference.overview")}
        </a>
      </li>
      {groups.map((group) => (
        <li key={group.tag} className="flex flex-col gap-1">
          <a href={`#${tagAnchor(group.tag)}`} className="font-semibold hover:text-brand-text">
            {group.tag}
          </a>
          <ul className="flex flex-col gap-0.5">
            {group.operations.map((entry) => (
              <li key={entry.anchor}>
                <a href={`#${entry.anchor}`} className="flex items-center gap-2 rounded px-1 py-1 text-muted hover:bg-surface-3 hover:text-fg">
                  <MethodBadge method={entry.method} className="w-12 text-[10px]" />
                  <span className="min-w-0 truncate font-mono text-xs">{entry.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
      {events.length > 0 ? (
        <li className="flex flex-col gap-1">
          <a href="#webhooks" className="font-semibold hover:text-brand-text">
            {t("apiReference.webhooks")}
          </a>
          <ul className="flex flex-col gap-0.5">
            {events.map((entry) => (
              <li key={entry.anchor}>
                <a href={`#${entry.anchor}`} className="block truncate rounded px-1 py-1 font-mono text-xs text-muted hover:bg-surface-3 hover:text-fg">
                  {entry.path}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ) : null}
    </ol>
  );
}
