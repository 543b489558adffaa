import { platformLogos } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { fieldError } from "../errors";
import { logoContentType, logoKindOf, logoObjectKey, logoUrl } from "./catalogue";

/**
 * POST /settings/media-upload?ref=<kind> (super users): replaces a logo. The type is read from the file's bytes
 * (PNG, ICO or SVG); the size was bounded while the body was read.
 */
export async function uploadLogo({ ctx, input }: { ctx: Ctx; input: { ref: string | undefined; readFile: () => Promise<File> } }) {
  requirePermission(ctx, "settings:global");
  const kind = logoKindOf(input.ref);
  if (!kind) throw fieldError({ ref: "Escolha um destino!" });
  const file = await input.readFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = logoContentType(bytes);
  await ctx.env.MEDIA.put(logoObjectKey(kind), bytes, { httpMetadata: { contentType } });
  const version = Date.now();
  const row = { kind, contentType, size: bytes.byteLength, version, updatedAt: new Date(version) };
  await ctx.control.insert(platformLogos).values(row).onConflictDoUpdate({ target: platformLogos.kind, set: row });
  // The spec's page checks `mensagem`.
  return { mensagem: "Arquivo Anexado", kind, url: logoUrl(kind, version) };
}
