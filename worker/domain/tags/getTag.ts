import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadTagView } from "./view";

export async function getTag({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const tag = await loadTagView(ctx.db, ctx.companyId, input.id);
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  return tag;
}
