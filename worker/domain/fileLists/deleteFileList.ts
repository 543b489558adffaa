import { and, eq } from "drizzle-orm";
import { fileLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { fileListOptionsOf, ownFileList, removeFiles, requireFilesManager } from "./view";

/** DELETE /files/:id: the list, its files and their objects (queue options and campaigns that used it keep none). */
export async function deleteFileList({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requireFilesManager(ctx);
  const list = await ownFileList(ctx, input.id);
  const options = await fileListOptionsOf(ctx.db, list.id);
  await ctx.db.delete(fileLists).where(and(eq(fileLists.id, list.id), eq(fileLists.companyId, ctx.companyId))).run();
  await removeFiles(ctx, options.map((o) => o.path));
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "file", action: "delete", fileListId: list.id } }]);
}
