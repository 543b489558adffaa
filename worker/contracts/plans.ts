import { z } from "zod";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";

const limit = z.number({ error: "Must be a whole number" }).int("Must be a whole number").min(0, "Must be 0 or more").max(1_000_000);
const flag = z.boolean({ error: "Must be true or false" });

/** A plan as the Planos tab edits it. Flags not sent default to on, like the form. */
export const planInput = z.object({
  name: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .trim()
    .min(1, REQUIRED)
    .max(100, TOO_LONG),
  users: limit,
  connections: limit,
  queues: limit,
  /** Monthly price in BRL. */
  value: z.number({ error: "Must be a number" }).min(0, "Must be 0 or more").max(1_000_000),
  useCampaigns: flag.default(true),
  useSchedules: flag.default(true),
  useInternalChat: flag.default(true),
  useExternalApi: flag.default(true),
  useKanban: flag.default(true),
  useOpenAi: flag.default(true),
  useIntegrations: flag.default(true),
  /** Spec quirk: true means offered publicly (NOT internal use). */
  useInternal: flag.default(true),
});
export type PlanInput = z.infer<typeof planInput>;

/** PUT: any subset of the fields; nothing defaults. */
export const planUpdate = patchOf({
  name: planInput.shape.name.optional(),
  users: limit.optional(),
  connections: limit.optional(),
  queues: limit.optional(),
  value: planInput.shape.value.optional(),
  useCampaigns: flag.optional(),
  useSchedules: flag.optional(),
  useInternalChat: flag.optional(),
  useExternalApi: flag.optional(),
  useKanban: flag.optional(),
  useOpenAi: flag.optional(),
  useIntegrations: flag.optional(),
  useInternal: flag.optional(),
});
export type PlanUpdate = z.infer<typeof planUpdate>;

/** What a plan limits: how many users, connections and queues a company has (or a plan allows). */
export type PlanUsage = { users: number; connections: number; queues: number };

/**
 * The first of a plan's limits a company's usage is over, or null when the plan fits it: the server's rule for a
 * plan chosen in the checkout (ERR_PLAN_TOO_SMALL), and the checkout's for the plans it offers.
 */
export function planOverLimit(plan: PlanUsage, usage: PlanUsage): { resource: keyof PlanUsage; limit: number; used: number } | null {
  for (const resource of ["users", "connections", "queues"] as const) {
    if (usage[resource] > plan[resource]) return { resource, limit: plan[resource], used: usage[resource] };
  }
  return null;
}
