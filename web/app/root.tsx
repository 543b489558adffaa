import "./lib/zod-jitless";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { LazyToaster } from "./components/ui/LazyToaster";
import { browserI18n, createI18n, FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, rememberLanguage, switchLanguage, toLanguage, type Language } from "./i18n";
import { resolveLanguage } from "./i18n/language.server";
import { markHydrated } from "./lib/hydrated";
import { useNonce } from "./lib/nonce";
import { cookieHeaders, getPageSession } from "./lib/session.server";
import { storage } from "./lib/storage";
import { themeScript } from "./lib/theme";
import { platformLogos } from "./lib/logos.server";
import "./tailwind.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getPageSession(request, context);
  const lang = resolveLanguage(request, session.user?.language);
  const logos = await platformLogos(context);
  return data({ lang, userLanguage: !!session.user?.language, logos }, { headers: cookieHeaders(session) });
}

export const meta: MetaFunction = () => [
  { title: "ZapDesk" },
  { name: "description", content: "Atendimento multiempresa pelo WhatsApp" },
];

export const links: LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const lang = rootData?.lang ?? FALLBACK_LANGUAGE;
  // Inline scripts run only with the page's CSP nonce (worker/lib/securityHeaders.ts).
  const nonce = useNonce();
  return (
    // The theme script sets the `dark` class before React hydrates: the attribute difference is expected.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#00a884" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#111b21" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} suppressHydrationWarning />
        {/* The platform's favicon (Logo tab), else the built-in one. */}
        {rootData?.logos?.favicon ? <link rel="icon" href={rootData.logos.favicon} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * One i18next instance per request on the server and one per tab in the browser, both starting from the
 * language the root loader chose, so the first client render matches the server's markup.
 */
function useI18n(lang: Language, userLanguage: boolean) {
  const [i18n] = useState(() => (typeof document === "undefined" ? createI18n(lang) : browserI18n(lang)));
  useEffect(() => {
    if (i18n.language !== lang) void switchLanguage(i18n, lang);
  }, [i18n, lang]);
  useEffect(() => {
    if (userLanguage) {
      rememberLanguage(lang);
      return;
    }
    // No saved user language: a choice remembered in this browser wins over the browser's preference.
    const stored = toLanguage(storage.get(LANGUAGE_STORAGE_KEY));
    if (stored && stored !== lang) {
      rememberLanguage(stored);
      void switchLanguage(i18n, stored);
    }
  }, [i18n, lang, userLanguage]);
  return i18n;
}

function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => {
      navigator.serviceWorker.register("/sw.js").catch((err) => console.warn("service worker not registered", err));
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
}

export default function App() {
  const { lang, userLanguage } = useLoaderData<typeof loader>();
  const i18n = useI18n(lang, userLanguage);
  useServiceWorker();
  useEffect(markHydrated, []);
  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
      <LazyToaster />
    </I18nextProvider>
  );
}

/** Last resort: the page failed before (or outside) any route's own boundary. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const i18n = createI18n(FALLBACK_LANGUAGE);
  const title = status === 404 ? i18n.t("comingSoon.notFoundTitle") : i18n.t("errors.unknown");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-brand">{status}</p>
      <h1 className="text-lg font-semibold">{title}</h1>
      <a href="/tickets" className="rounded-lg bg-brand px-4 py-2 text-sm font-medium text-brand-fg hover:bg-brand-strong">
        {i18n.t("comingSoon.goHome")}
      </a>
    </main>
  );
}
