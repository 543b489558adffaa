import type { Ctx } from "../domain/context";
import { AppError, type ErrorCode } from "../domain/errors";
import type { CommandEnvelope, HubCommandInput, HubCommandName, HubCommandOutput } from "./commands";
import { hubFor, localHub } from "./publish";

/** Runs a ticket command in the caller's company hub and turns a refused command back into its AppError. */
export async function runInHub<N extends HubCommandName>(ctx: Ctx, name: N, input: HubCommandInput<N>): Promise<HubCommandOutput<N>> {
  const local = localHub(ctx.env, ctx.companyId);
  // The RPC stub's generated types cannot follow the generic command table; the envelope shape is ours.
  const envelope = local
    ? await local.command(name, ctx.user, input as never)
    : ((await hubFor(ctx.env, ctx.companyId).command(name, ctx.user, input as never)) as unknown as CommandEnvelope);
  return unwrap(envelope) as HubCommandOutput<N>;
}

/** A hub's answer as data, back into its value or its AppError. */
export function unwrap(envelope: CommandEnvelope): unknown {
  if (!envelope.ok) throw new AppError(envelope.error.code as ErrorCode, envelope.error.message, envelope.error.details);
  return envelope.value;
}
