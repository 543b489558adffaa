import type { HelpInput } from "../../contracts/helps";
import { helps } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { helpView } from "./view";

/** POST /helps (super users). */
export async function createHelp({ ctx, input }: { ctx: Ctx; input: HelpInput }) {
  requirePermission(ctx, "helps:manage");
  return helpView(await ctx.control.insert(helps).values(input).returning().get());
}
