import type { AutomationTrigger } from "./rules";

/**
 * One event's turn of a company's automation rules (the hub call `runAutomationRules`, queued after the event by
 * domain/automation/rules/hearEvents.ts): which trigger, on which ticket, and the chain of events it belongs to.
 */
export type AutomationRuleRun = {
  trigger: AutomationTrigger;
  ticketId: number;
  /** The contact's message that set it off (message triggers), else null. */
  messageText: string | null;
  /** A timed trigger's silence (the id of the message that started it): the run is marked with it. */
  triggerKey?: string;
  /** Only these rules (a timed trigger's due rules); otherwise every enabled rule of the trigger. */
  ruleIds?: number[];
  /** When the event happened (epoch ms); now when left out. */
  at?: number;
  /** The loop guard: the chain of events the turn belongs to, and how many rule turns led to it. */
  chain: { id: string; depth: number };
};

/**
 * A chain of events set off by one outside event (a contact's message, an agent's move, a minute's silence): a
 * rule's action moves the ticket, which runs rules again, and so on. The chain rides on the system context the
 * rules run with (SystemCtx.automationChain; domain/automation/rules/chain.ts), so the events their actions raise carry it on: `runs` counts, per
 * rule and ticket, the runs that acted in the chain so far, `depth` how many rule turns led to this one.
 */
export interface AutomationChain {
  id: string;
  depth: number;
  runs: Map<string, number>;
}
