import type { CreateFileListInput } from "../../contracts/fileLists";
import { fileLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertFreeName, presentFileList, publishFileList, requireFilesManager } from "./view";

/** POST /files: a new, empty list (its files are uploaded next, POST /files/uploadList/:id). */
export async function createFileList({ ctx, input }: { ctx: Ctx; input: CreateFileListInput }) {
  requireFilesManager(ctx);
  await assertFreeName(ctx, input.name);
  const now = new Date();
  const row = await ctx.db
    .insert(fileLists)
    .values({ companyId: ctx.companyId, name: input.name, message: input.message, userId: ctx.user.id, createdAt: now, updatedAt: now })
    .returning()
    .get();
  const view = presentFileList(row, []);
  await publishFileList(ctx, "create", view);
  return view;
}
