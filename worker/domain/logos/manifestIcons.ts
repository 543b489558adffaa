import { inArray } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { platformLogos } from "../../db/control";
import type { Env } from "../../env";
import { logoObjectKey, logoUrl } from "./catalogue";

export type ManifestIcon = { src: string; sizes: string; type: string; purpose: "any" | "maskable" };

/** The built-in icons (web/public): always offered, so the app stays installable whatever was uploaded. */
export const BUILT_IN_ICONS: ManifestIcon[] = [
  { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** Smaller than this, a home screen would show the logo blurred: the built-in icon does better. */
const MIN_ICON_PX = 192;

/** A PNG's width and height, from its IHDR chunk (bytes 16–23, big-endian); null when the bytes are no PNG. */
export function pngSize(head: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length < 24 || signature.some((b, i) => head[i] !== b)) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The web app manifest's icons (issue 29 §1): the uploaded logo first where it can be a home-screen icon (the
 * favicon, else the light logo: an SVG at any size, or a square PNG of 192 px or more, declared at its real size
 * read from the file), then the built-in PNGs. Logos are the platform's (ADR 0035): companies upload none.
 */
export async function manifestIcons({ control, env }: { control: ControlDb; env: Pick<Env, "MEDIA"> }): Promise<ManifestIcon[]> {
  const rows = await control
    .select({ kind: platformLogos.kind, version: platformLogos.version, contentType: platformLogos.contentType })
    .from(platformLogos)
    .where(inArray(platformLogos.kind, ["favicon", "light"]));
  const uploaded: ManifestIcon[] = [];
  for (const kind of ["favicon", "light"] as const) {
    const row = rows.find((r) => r.kind === kind);
    if (!row) continue;
    const src = logoUrl(kind, row.version);
    if (row.contentType === "image/svg+xml") {
      uploaded.push({ src, sizes: "any", type: "image/svg+xml", purpose: "any" });
    } else if (row.contentType === "image/png") {
      const object = await env.MEDIA.get(logoObjectKey(kind), { range: { offset: 0, length: 24 } });
      const size = object ? pngSize(new Uint8Array(await object.arrayBuffer())) : null;
      if (size && size.width === size.height && size.width >= MIN_ICON_PX) {
        uploaded.push({ src, sizes: `${size.width}x${size.height}`, type: "image/png", purpose: "any" });
      }
    }
    // An ICO is a favicon only: home screens want PNG or SVG.
    if (uploaded.length) break;
  }
  return [...uploaded, ...BUILT_IN_ICONS];
}
