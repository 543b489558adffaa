import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadContactView } from "./view";

/** One contact of the company, with its extraInfo. */
export async function getContact({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const contact = await loadContactView(ctx.db, ctx.companyId, input.id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  return contact;
}
