import { and, eq } from "drizzle-orm";
import type { AutomationAction } from "../../../contracts/automation/actions";
import type { AutomationRunDetail } from "../../../contracts/views/automation";
import { inList } from "../../../db/inList";
import { queues, tags, ticketNotes, users, whatsappTemplates } from "../../../db/tenant";
import { botSay } from "../../chatbot/botSay";
import type { SystemCtx } from "../../context";
import { AppError } from "../../errors";
import { contactVariables, fillVariables } from "../../outbound/fillVariables";
import { syncTicketTags } from "../../tags/syncTicketTags";
import { sendTemplateOn } from "../../templates/sendTemplate";
import { setTicketPriority } from "../../tickets/setTicketPriority";
import { visibilitySettings } from "../../tickets/ticketEvents";
import { applyTransitions, type AutomatedTransition } from "../applyTransitions";
import { raiseAutomationTriggered } from "./raiseAutomationTriggered";
import type { RuleFacts } from "./ruleFacts";

/** The rule an action belongs to, named in the webhook event it may raise. */
export interface ActingRule {
  id: number;
  name: string;
}

/**
 * One action of a rule, done as the system on the ticket `facts` describe: answers the line the run's log keeps
 * (`action.<type>` done, `actionSkipped.<type>` with its reason), or throws the AppError that refused it (the run
 * stops there: runRules logs `actionFailed.<type>`). Ticket moves go the way the automated closes and transfers go
 * (applyTransitions), so history, agents' lists, webhooks and assignment see them as any move.
 */
export async function runAction(ctx: SystemCtx, rule: ActingRule, action: AutomationAction, facts: RuleFacts): Promise<AutomationRunDetail> {
  const { ticket } = facts;
  switch (action.type) {
    case "assignAgent": {
      const agent = ctx.db.select({ name: users.name }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, action.userId))).get();
      if (!agent) throw new AppError("ERR_NO_USER_FOUND");
      if (ticket.status === "open" && ticket.userId === action.userId) return skipped(action, "alreadyThere");
      await move(ctx, facts, { status: "open", userId: action.userId, chatbot: false }, "transfer");
      return { code: "action.assignAgent", args: { agent: agent.name } };
    }
    case "assignQueue": {
      const queue = ctx.db.select({ name: queues.name }).from(queues).where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, action.queueId))).get();
      if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
      if (ticket.status === "pending" && ticket.queueId === action.queueId && ticket.userId === null) return skipped(action, "alreadyThere");
      await move(ctx, facts, { status: "pending", queueId: action.queueId, userId: null, chatbot: false }, "transfer");
      return { code: "action.assignQueue", args: { queue: queue.name } };
    }
    case "addTags":
    case "removeTags": {
      const named = await ctx.db.select({ id: tags.id, name: tags.name }).from(tags).where(and(eq(tags.companyId, ctx.companyId), inList(tags.id, action.tagIds)));
      if (named.length !== new Set(action.tagIds).size) throw new AppError("ERR_NO_TAG_FOUND");
      const wanted = new Set(action.tagIds);
      const after = action.type === "addTags" ? new Set([...facts.tagIds, ...wanted]) : new Set([...facts.tagIds].filter((id) => !wanted.has(id)));
      if (after.size === facts.tagIds.size && [...after].every((id) => facts.tagIds.has(id))) return skipped(action, "alreadyThere");
      await syncTicketTags({ ctx, input: { ticketId: ticket.id, tags: [...after] } });
      return { code: `action.${action.type}`, args: { tags: named.map((t) => t.name).join(", ") } };
    }
    case "addNote":
      // No author: the notes view shows it as the automation's (user null).
      await ctx.db.insert(ticketNotes).values({ companyId: ctx.companyId, note: action.body, userId: null, byAutomation: true, contactId: ticket.contactId, ticketId: ticket.id });
      return { code: "action.addNote" };
    case "sendMessage":
      await botSay(ctx, ticket.id, "automation", fillVariables(action.body.replace(/\{\{\s*([\p{L}\p{N}_-]{1,40})\s*\}\}/gu, "{$1}"), variablesOf(facts)));
      return { code: "action.sendMessage" };
    case "sendTemplate": {
      if (facts.channel !== "cloud") return skipped(action, "notCloud");
      const template = ctx.db
        .select({ name: whatsappTemplates.name })
        .from(whatsappTemplates)
        .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.id, action.templateId)))
        .get();
      await sendTemplateOn(ctx, ticket, { templateId: action.templateId, params: action.params.map((p) => fillVariables(p, variablesOf(facts))) });
      return { code: "action.sendTemplate", args: { template: template?.name ?? "" } };
    }
    case "close":
      if (ticket.status === "closed") return skipped(action, "alreadyThere");
      await move(ctx, facts, { status: "closed", chatbot: false }, "close");
      return { code: "action.close" };
    case "sendWebhookEvent":
      await raiseAutomationTriggered(ctx, rule, action.label, ticket.id);
      return { code: "action.sendWebhookEvent", args: { label: action.label } };
    case "setPriority":
      if (ticket.priority === action.priority) return skipped(action, "alreadyThere");
      await setTicketPriority({ ctx, input: { ticketId: ticket.id, priority: action.priority } });
      return { code: "action.setPriority", args: { priority: action.priority } };
  }
}

/** The actions after which the ticket's facts (status, agent, queue, tags) may read differently. */
export const MOVES_FACTS: ReadonlySet<AutomationAction["type"]> = new Set(["assignAgent", "assignQueue", "addTags", "removeTags", "close", "setPriority"]);

const skipped = (action: AutomationAction, reason: string): AutomationRunDetail => ({ code: `actionSkipped.${action.type}`, args: { reason } });

/** The contact's variables ({nome}, {numero}, {email}, {{name}} …) and its extra fields, by name. */
function variablesOf(facts: RuleFacts): Record<string, string> {
  return { ...Object.fromEntries(facts.fields), ...contactVariables(facts.contact), name: facts.contact.name, number: facts.contact.number };
}

async function move(ctx: SystemCtx, facts: RuleFacts, set: AutomatedTransition["set"], action: AutomatedTransition["action"]) {
  const { id, status, userId, queueId, isGroup, contactId, whatsappId } = facts.ticket;
  const transition: AutomatedTransition = { ticket: { id, status, userId, queueId, isGroup, contactId }, set, action, whatsappId: whatsappId ?? undefined };
  await applyTransitions(ctx, [transition], new Date(), await visibilitySettings(ctx));
}
