import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { platformLogos } from "../lib/logos.server";
import { cookieHeaders, getPageSession } from "../lib/session.server";

/** The app's colours: the brand green (light) and the dark theme's surface, as the page's theme-color metas say. */
export const THEME_LIGHT = "#00a884";
export const THEME_DARK = "#111b21";

/**
 * The web app manifest (issue 29 §1), per visitor: a signed-in user's install is named after their company; the
 * platform's uploaded icon (the Logo tab's favicon) is offered first where there is one, then the built-in PNGs
 * (192, 512 and a maskable 512). Standalone, starting at /tickets. Never cached across visitors.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [session, logos] = await Promise.all([getPageSession(request, context).catch(() => null), platformLogos(context)]);
  const company = session?.user?.company.name?.trim();
  const name = company ? `${company} · ZapDesk` : "ZapDesk";
  const icons: { src: string; sizes: string; type?: string; purpose?: string }[] = [];
  if (logos.favicon) icons.push({ src: logos.favicon, sizes: "any", purpose: "any" });
  icons.push(
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  );
  const manifest = {
    id: "/tickets",
    name,
    short_name: company ? company.slice(0, 12) : "ZapDesk",
    start_url: "/tickets",
    scope: "/",
    display: "standalone",
    background_color: "#f0f2f5",
    theme_color: THEME_LIGHT,
    icons,
  };
  const headers = session ? cookieHeaders(session) : new Headers();
  headers.set("content-type", "application/manifest+json; charset=utf-8");
  headers.set("cache-control", "private, no-cache");
  headers.set("vary", "cookie");
  return new Response(JSON.stringify(manifest), { headers });
}
