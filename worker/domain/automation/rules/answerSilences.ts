import { TIMED_TRIGGERS } from "../../../contracts/automation/rules";
import type { SystemCtx } from "../../context";
import { activeRules } from "./activeRules";
import { nextLink } from "./chain";
import { runRules } from "./runRules";
import { silencesQuery } from "./silentTickets";

/** Silences answered per slice (one turn of the hub's command queue), and slices per run at most. */
export const SILENCES_PER_SLICE = 20;
export const MAX_SILENCE_SLICES = 10;
/** How far back a rule without a mark looks (a new rule, or a hub that lost its storage): silences due this recently. */
export const SILENCE_LOOKBACK_MS = 60 * 60 * 1000;

type Serially = <T>(task: () => Promise<T>) => Promise<T>;

/** Where each timed rule has looked up to (epoch ms), kept in the hub's storage between runs. */
export interface SilenceMarks {
  get(ruleId: number): Promise<number | undefined>;
  set(ruleId: number, at: number): Promise<void>;
}

/** Whether the company has an enabled timed rule (the hub's due work runs every minute only then). */
export function hasTimedRules(ctx: Pick<SystemCtx, "db" | "companyId">): boolean {
  return TIMED_TRIGGERS.some((trigger) => activeRules(ctx.db, ctx.companyId, trigger).length > 0);
}

/**
 * A minute's timed rules: for each enabled agentSilent and contactSilent rule, the silences that became due since
 * its mark, each answered by one run of the rule (logged with the message that started the silence, so a silence
 * sets a rule off once however often it is looked at), in slices that each take one turn of the command queue.
 * The mark moves to the newest silence looked at, so each message is looked at about once per rule.
 */
export async function answerSilences({ ctx, input, serially, marks }: { ctx: SystemCtx; input: { now: number }; serially: Serially; marks: SilenceMarks }) {
  let answered = 0;
  for (const trigger of TIMED_TRIGGERS) {
    for (const rule of activeRules(ctx.db, ctx.companyId, trigger)) {
      const cutoff = input.now - (rule.triggerMinutes ?? 1) * 60_000;
      let from = Math.max((await marks.get(rule.id)) ?? 0, cutoff - SILENCE_LOOKBACK_MS);
      for (let slice = 0; slice < MAX_SILENCE_SLICES; slice++) {
        const found = await serially(async () => {
          const silences = await silencesQuery(ctx.db, ctx.companyId, rule, new Date(from), new Date(cutoff), SILENCES_PER_SLICE);
          for (const silence of silences) {
            await runRules({
              ctx,
              input: { trigger, ticketId: silence.ticketId, messageText: null, triggerKey: String(silence.messageId), ruleIds: [rule.id], at: input.now, chain: nextLink(ctx) },
            });
          }
          return silences;
        });
        answered += found.length;
        // Short of a full slice: everything up to the cutoff was looked at. Otherwise on from the last one (a
        // silence at the same instant is looked at again, and left out as answered).
        from = found.length < SILENCES_PER_SLICE ? cutoff : found[found.length - 1]!.at.getTime() - 1;
        if (found.length < SILENCES_PER_SLICE) break;
      }
      await marks.set(rule.id, from);
    }
  }
  return { answered };
}
