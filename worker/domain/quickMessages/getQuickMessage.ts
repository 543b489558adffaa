import type { Ctx } from "../context";
import { presentQuickMessage, visibleQuickMessage } from "./view";

export async function getQuickMessage({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  return presentQuickMessage(await visibleQuickMessage(ctx, input.id));
}
