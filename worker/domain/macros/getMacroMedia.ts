import type { Ctx } from "../context";
import { readStoredMedia } from "../shared/servedMedia";
import { visibleMacro } from "./view";

/** GET /api/macros/:id/media: the file's bytes, to whoever may see the macro. */
export async function getMacroMedia({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const row = await visibleMacro(ctx, input.id);
  return readStoredMedia(ctx, row.mediaPath, row.mediaName);
}
