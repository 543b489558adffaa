import type { AppLoadContext } from "@remix-run/cloudflare";
import { createControlDb } from "../../../worker/db/client";
import { listLogos, type LogoUrls } from "../../../worker/domain/logos/listLogos";
import { BUILT_IN_ICONS, manifestIcons as iconsOf, type ManifestIcon } from "../../../worker/domain/logos/manifestIcons";
import { assertEnv } from "../../../worker/env";

const NONE: LogoUrls = { light: null, dark: null, favicon: null };

/** The platform's uploaded logos, for every page (login, the shell, the favicon); the built-in ones when unreadable. */
export async function platformLogos(context: AppLoadContext): Promise<LogoUrls> {
  try {
    return await listLogos({ control: createControlDb(assertEnv(context.cloudflare.env).DB) });
  } catch (err) {
    console.error("logos unreadable", String(err));
    return NONE;
  }
}

/** The web app manifest's icons: an uploaded logo fit for a home screen, then the built-in ones (those alone when unreadable). */
export async function manifestIcons(context: AppLoadContext): Promise<ManifestIcon[]> {
  try {
    const env = assertEnv(context.cloudflare.env);
    return await iconsOf({ control: createControlDb(env.DB), env });
  } catch (err) {
    console.error("logos unreadable", String(err));
    return BUILT_IN_ICONS;
  }
}
