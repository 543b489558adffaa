import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { manifestIcons } from "../lib/logos.server";
import { cookieHeaders, getPageSession } from "../lib/session.server";

/** The app's colours: the brand green (light) and the dark theme's surface, as the page's theme-color metas say. */
export const THEME_LIGHT = "#00a884";
export const THEME_DARK = "#111b21";

/**
 * The web app manifest (issue 29 §1), per visitor: a signed-in user's install is named after their company; the
 * platform's uploaded logo is offered first where it can be a home-screen icon (worker/domain/logos/manifestIcons.ts),
 * then the built-in PNGs (192, 512 and a maskable 512). Standalone, starting at /tickets. Never cached across visitors.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [session, icons] = await Promise.all([getPageSession(request, context).catch(() => null), manifestIcons(context)]);
  const company = session?.user?.company.name?.trim();
  const name = company ? `${company} · ZapDesk` : "ZapDesk";
  const manifest = {
    id: "/tickets",
    name,
    short_name: company ? company.slice(0, 12) : "ZapDesk",
    start_url: "/tickets",
    scope: "/",
    display: "standalone",
    background_color: "#f0f2f5",
    theme_color: THEME_LIGHT,
    // Chromium's colour-scheme override (the dark theme's bar and splash); browsers without it keep the light ones.
    user_preferences: { color_scheme: { dark: { theme_color: THEME_DARK, background_color: THEME_DARK } } },
    icons,
  };
  const headers = session ? cookieHeaders(session) : new Headers();
  headers.set("content-type", "application/manifest+json; charset=utf-8");
  headers.set("cache-control", "private, no-cache");
  headers.set("vary", "cookie");
  return new Response(JSON.stringify(manifest), { headers });
}
