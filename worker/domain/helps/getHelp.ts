import { eq } from "drizzle-orm";
import { helps } from "../../db/control";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { helpView } from "./view";

/** GET /helps/:id: one help video, for every logged-in user. */
export async function getHelp({ ctx, input }: { ctx: Pick<Ctx, "control">; input: { id: number } }) {
  const row = await ctx.control.select().from(helps).where(eq(helps.id, input.id)).get();
  if (!row) throw new AppError("ERR_NO_HELP_FOUND");
  return helpView(row);
}
