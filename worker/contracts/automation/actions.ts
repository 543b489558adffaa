import { z } from "zod";
import { platformId } from "../ids";
import { NOT_TEXT, REQUIRED, TOO_LONG } from "../fieldMessages";

/**
 * What a ticket's automation does (issue 26): the "then" of an automation rule. Macros run a subset of these as the
 * agent who runs them (contracts/automation/macros.ts); rules run them as the system, after the event that set them
 * off. One vocabulary, so the page that edits a rule and the one that edits a macro show the same actions.
 */
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const ticketPriority = z.enum(TICKET_PRIORITIES, { error: `One of: ${TICKET_PRIORITIES.join(", ")}` });

const text = (max: number) => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) }).trim().min(1, REQUIRED).max(max, TOO_LONG);
const tagIds = z.array(platformId()).min(1, REQUIRED).max(20, "At most 20 tags");

export const AUTOMATION_ACTION_TYPES = [
  "assignAgent",
  "assignQueue",
  "addTags",
  "removeTags",
  "addNote",
  "sendMessage",
  "sendTemplate",
  "close",
  "sendWebhookEvent",
  "setPriority",
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export const automationAction = z.discriminatedUnion(
  "type",
  [
    /** The ticket becomes the agent's, open (as if they had accepted it), whatever queue it is in. */
    z.object({ type: z.literal("assignAgent"), userId: platformId() }),
    /** The ticket moves to the queue, waiting (pending, nobody's), where the queue's assignment may give it to someone. */
    z.object({ type: z.literal("assignQueue"), queueId: platformId() }),
    z.object({ type: z.literal("addTags"), tagIds }),
    z.object({ type: z.literal("removeTags"), tagIds }),
    /** An internal note on the ticket (the contact never sees it). */
    z.object({ type: z.literal("addNote"), body: text(4000) }),
    /** A text said to the contact; {nome}, {numero}, {email} are filled in (domain/outbound/fillVariables.ts), as in schedules. */
    z.object({ type: z.literal("sendMessage"), body: text(4096) }),
    /** An approved template of the ticket's Cloud API connection (skipped, with the reason logged, on others). */
    z.object({
      type: z.literal("sendTemplate"),
      templateId: platformId(),
      params: z.array(text(1024)).max(20).default([]),
    }),
    z.object({ type: z.literal("close") }),
    /** Raises the public API's `automation.triggered` webhook event with this label (issue 25's subscriptions). */
    z.object({ type: z.literal("sendWebhookEvent"), label: text(100) }),
    z.object({ type: z.literal("setPriority"), priority: ticketPriority }),
  ],
  { error: `An action is one of: ${AUTOMATION_ACTION_TYPES.join(", ")}` },
);
export type AutomationAction = z.infer<typeof automationAction>;

export const automationActions = z.array(automationAction, { error: "Must be a list of actions" }).min(1, "At least one action").max(10, "At most 10 actions");
