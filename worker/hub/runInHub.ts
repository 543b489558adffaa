import type { Ctx } from "../domain/context";
import { AppError, type ErrorCode } from "../domain/errors";
import type { CommandEnvelope, HubCommandInput, HubCommandName, HubCommandOutput } from "./commands";
import { hubFor } from "./publish";

/** Runs a ticket command in the caller's company hub and turns a refused command back into its AppError. */
export async function runInHub<N extends HubCommandName>(ctx: Ctx, name: N, input: HubCommandInput<N>): Promise<HubCommandOutput<N>> {
  // The RPC stub's generated types cannot follow the generic command table; the envelope shape is ours.
  const envelope = (await hubFor(ctx.env, ctx.companyId).command(name, ctx.user, input as never)) as unknown as CommandEnvelope;
  if (!envelope.ok) throw new AppError(envelope.error.code as ErrorCode, envelope.error.message, envelope.error.details);
  return envelope.value as HubCommandOutput<N>;
}
