import type { Ctx } from "../context";
import { importContacts } from "./importContacts";
import { readContactSheet } from "./readContactSheet";

/** POST /contacts/upload: the rows of an .xlsx, imported like rows posted by the page. */
export async function importContactSheet({ ctx, input }: { ctx: Ctx; input: { file: File } }) {
  const rows = await readContactSheet(input.file);
  return importContacts({ ctx, input: { rows } });
}
