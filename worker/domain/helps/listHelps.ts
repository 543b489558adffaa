import { asc } from "drizzle-orm";
import { helps } from "../../db/control";
import type { Ctx } from "../context";
import { helpView } from "./view";

/** GET /helps and /helps/list: every help video, for every logged-in user (platform-wide, oldest first). */
export async function listHelps({ ctx }: { ctx: Pick<Ctx, "control"> }) {
  const rows = await ctx.control.select().from(helps).orderBy(asc(helps.id));
  return rows.map(helpView);
}
