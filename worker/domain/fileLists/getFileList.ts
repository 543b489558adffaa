import type { Ctx } from "../context";
import { loadFileList } from "./view";

/** GET /files/:id: the list with its files in sending order. */
export async function getFileList({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  return loadFileList(ctx, input.id);
}
