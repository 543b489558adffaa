import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPromptAccess } from "./access";
import { loadPromptView } from "./view";

export async function getPrompt({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPromptAccess(ctx);
  const prompt = await loadPromptView(ctx.db, ctx.companyId, input.id);
  if (!prompt) throw new AppError("ERR_NO_PROMPT_FOUND");
  return prompt;
}
