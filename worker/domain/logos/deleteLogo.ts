import { eq } from "drizzle-orm";
import { platformLogos } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { logoKindOf, logoObjectKey } from "./catalogue";

/** DELETE /settings/logos/:kind (super users): back to the built-in logo. */
export async function deleteLogo({ ctx, input }: { ctx: Ctx; input: { kind: string } }) {
  requirePermission(ctx, "settings:global");
  const kind = logoKindOf(input.kind);
  if (!kind) throw new AppError("ERR_NOT_FOUND");
  // The row goes first: a page never points at a file that is gone.
  await ctx.control.delete(platformLogos).where(eq(platformLogos.kind, kind));
  await ctx.env.MEDIA.delete(logoObjectKey(kind));
}
