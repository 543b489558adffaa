import type { ControlDb } from "../../db/client";
import { platformLogos } from "../../db/control";
import type { LogoUrls } from "../../contracts/views/logos";
import { LOGO_KINDS, logoUrl } from "./catalogue";

export type { LogoUrls };

/** The public URLs of the uploaded logos; null for a kind never uploaded (the page shows its built-in logo). */
export async function listLogos({ control }: { control: ControlDb }): Promise<LogoUrls> {
  const rows = await control.select({ kind: platformLogos.kind, version: platformLogos.version }).from(platformLogos);
  const byKind = new Map(rows.map((r) => [r.kind, r.version]));
  return Object.fromEntries(LOGO_KINDS.map((kind) => [kind, byKind.has(kind) ? logoUrl(kind, byKind.get(kind)!) : null])) as LogoUrls;
}
