import { z } from "zod";
import { platformId, platformIdText } from "../ids";
import { USER_PROFILES } from "../users";
import { NOT_TEXT, REQUIRED, TOO_LONG } from "../fieldMessages";
import { patchOf } from "../patch";
import { automationActions, type AutomationAction } from "./actions";

/**
 * Automation rules (issue 26): when (a trigger) if (every condition) then (the actions, in order). An admin writes
 * them on /automations; they run in order in the company's hub after the event's transaction, each run logged.
 */
export const AUTOMATION_TRIGGERS = [
  "ticketCreated",
  "messageReceived",
  "ticketTransferred",
  "ticketClosed",
  /** The contact wrote last and no agent has answered for `minutes` (an open or pending ticket). */
  "agentSilent",
  /** An agent wrote last and the contact has not answered for `minutes` (an open ticket). */
  "contactSilent",
  /** A contact's message arrived outside the service hours (the company's, or the ticket's queue's by scheduleType). */
  "outsideServiceHours",
  /** A ticket passed its queue's first-response or resolution target (service levels). */
  "slaBreached",
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];
export const TIMED_TRIGGERS: readonly AutomationTrigger[] = ["agentSilent", "contactSilent"];

const minutes = z.number({ error: "Must be a number of minutes" }).int("Must be a whole number of minutes").min(1).max(7 * 24 * 60);

export const automationTriggerInput = z
  .object({
    type: z.enum(AUTOMATION_TRIGGERS, { error: `One of: ${AUTOMATION_TRIGGERS.join(", ")}` }),
    /** Only for agentSilent and contactSilent, where it is required. */
    minutes: minutes.optional(),
  })
  .superRefine((v, ctx) => {
    const timed = TIMED_TRIGGERS.includes(v.type);
    if (timed && v.minutes === undefined) ctx.addIssue({ code: "custom", path: ["minutes"], message: REQUIRED });
    if (!timed && v.minutes !== undefined) ctx.addIssue({ code: "custom", path: ["minutes"], message: "Only a silence has minutes" });
  });
export type AutomationTriggerInput = z.infer<typeof automationTriggerInput>;

const ids = z.array(platformId()).min(1, REQUIRED).max(50);
const hhmm = z.string({ error: NOT_TEXT }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Must be a time HH:MM");
/** A regular expression the hub runs on message texts: short, and compiled at save (see ruleConditions' guard). */
const pattern = z.string({ error: NOT_TEXT }).trim().min(1, REQUIRED).max(200, TOO_LONG);

export const CONDITION_FIELDS = ["queue", "connection", "tag", "contactField", "messageText", "timeOfDay", "assigneeProfile"] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const automationCondition = z.discriminatedUnion(
  "field",
  [
    /** The ticket's queue is (or is not) one of these; `none` matches a ticket without a queue. */
    z.object({ field: z.literal("queue"), op: z.enum(["in", "notIn"]), queueIds: z.array(platformId()).max(50), none: z.boolean().default(false) }),
    z.object({ field: z.literal("connection"), op: z.enum(["in", "notIn"]), whatsappIds: ids }),
    z.object({ field: z.literal("tag"), op: z.enum(["has", "hasNot"]), tagId: platformId() }),
    /** One of the contact's extra fields (contact_custom_fields), by its name. */
    z.object({
      field: z.literal("contactField"),
      name: z.string({ error: NOT_TEXT }).trim().min(1, REQUIRED).max(100, TOO_LONG),
      op: z.enum(["equals", "contains", "isSet", "isNotSet"]),
      value: z.string({ error: NOT_TEXT }).max(500, TOO_LONG).default(""),
    }),
    /** The text of the message that set the rule off (message triggers only; never matches on others). */
    z.object({ field: z.literal("messageText"), op: z.enum(["contains", "matches"]), value: pattern, caseSensitive: z.boolean().default(false) }),
    /** The time of the event in the company's time zone, from `from` to `to` (past midnight when `to` < `from`). */
    z.object({
      field: z.literal("timeOfDay"),
      from: hhmm,
      to: hhmm,
      /** 0 = Sunday … 6 = Saturday; empty = every day. */
      weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
    }),
    /** The profile of the ticket's agent; `none` matches a ticket nobody has. */
    z.object({ field: z.literal("assigneeProfile"), profiles: z.array(z.enum(USER_PROFILES)).max(3), none: z.boolean().default(false) }),
  ],
  { error: `A condition is on one of: ${CONDITION_FIELDS.join(", ")}` },
);
export type AutomationCondition = z.infer<typeof automationCondition>;

const ruleName = z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) }).trim().min(1, REQUIRED).max(120, TOO_LONG);

export const createAutomationRuleInput = z.object({
  name: ruleName,
  enabled: z.boolean().default(true),
  trigger: automationTriggerInput,
  conditions: z.array(automationCondition, { error: "Must be a list of conditions" }).max(20, "At most 20 conditions").default([]),
  actions: automationActions,
});
export type CreateAutomationRuleInput = z.infer<typeof createAutomationRuleInput>;

export const updateAutomationRuleInput = patchOf({
  name: ruleName.optional(),
  enabled: z.boolean().optional(),
  trigger: automationTriggerInput.optional(),
  conditions: z.array(automationCondition).max(20, "At most 20 conditions").optional(),
  actions: automationActions.optional(),
});
export type UpdateAutomationRuleInput = z.infer<typeof updateAutomationRuleInput>;

/** POST /automation-rules/order: every rule of the company, in the order they run. */
export const reorderAutomationRulesInput = z.object({ ids: z.array(platformId()).min(1).max(500) });

/**
 * What one run of a rule came to. `acted`: the conditions held and the actions ran (`detail` says what each did);
 * `skipped`: a condition did not hold (`detail` names it); `failed`: an action was refused (`detail` says which and
 * why; the actions before it stand); `loopGuard`: the rule had already run too often on the ticket in one chain.
 */
export const AUTOMATION_RUN_OUTCOMES = ["acted", "skipped", "failed", "loopGuard"] as const;
export type AutomationRunOutcome = (typeof AUTOMATION_RUN_OUTCOMES)[number];

/** GET /automation-rules/:id/runs and /automation-runs: newest first, by cursor. */
export const listAutomationRunsQuery = z.object({
  ruleId: platformIdText().optional(),
  ticketId: platformIdText().optional(),
  outcome: z.enum(AUTOMATION_RUN_OUTCOMES).optional(),
  /** The last id of the page before (a query string's text, hence platformIdText). */
  cursor: platformIdText().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListAutomationRunsQuery = z.infer<typeof listAutomationRunsQuery>;

export type { AutomationAction };
