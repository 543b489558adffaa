import type { AutomationAction, AutomationActionType } from "../automation/actions";
import type { AutomationCondition, AutomationRunOutcome, AutomationTriggerInput, ConditionField } from "../automation/rules";

/** An automation rule as /automations lists it (domain/automation/rules/view.ts), in the order rules run. */
export type AutomationRuleView = {
  id: number;
  name: string;
  enabled: boolean;
  /** 1-based place in the company's order. */
  position: number;
  trigger: AutomationTriggerInput;
  conditions: AutomationCondition[];
  actions: AutomationAction[];
  createdBy: { id: number; name: string } | null;
  /** The last run, and how many runs acted in the last 24 hours (the list's summary). */
  lastRunAt: Date | null;
  actedLast24h: number;
  createdAt: Date;
  updatedAt: Date;
};

/** One line of a rule's run log: what the rule did to which ticket, or why it did not. */
export type AutomationRunView = {
  id: number;
  ruleId: number;
  ruleName: string;
  ticket: { id: number; uuid: string; contactName: string } | null;
  trigger: AutomationTriggerInput["type"];
  outcome: AutomationRunOutcome;
  /** Plain sentences in English keys the web translates: one per action done, or the condition that did not hold. */
  detail: AutomationRunDetail[];
  createdAt: Date;
};

/** A page of the run log, newest first; `cursor` (the last id shown) asks for the next, null on the last page. */
export type AutomationRunsPage = { items: AutomationRunView[]; cursor: number | null };

/**
 * One item of a run's detail: `code` is stable (the web's texts are keyed by it), `args` fill its text. The codes:
 * - `action.<type>` (AutomationActionType): the action was done; args name what (`agent`, `queue`, `tags`,
 *   `template`, `label`, `priority`: display names, not ids).
 * - `actionSkipped.<type>`: the action had nothing to do or did not apply (`reason`: e.g. "notCloud", "alreadyThere").
 * - `actionFailed.<type>`: the action was refused (`error`: the AppError code, e.g. ERR_NO_PERMISSION); the run stops.
 * - `condition.<field>` (ConditionField): this condition did not hold (the first that did not).
 * - `loopGuard`: the rule already ran `times` times on the ticket in one chain of events.
 * - `ticketGone`: the ticket was deleted before the rule's turn.
 */
export type AutomationRunDetail = { code: AutomationRunDetailCode; args?: Record<string, string | number> };
export type AutomationRunDetailCode =
  | `action.${AutomationActionType}`
  | `actionSkipped.${AutomationActionType}`
  | `actionFailed.${AutomationActionType}`
  | `condition.${ConditionField}`
  | "loopGuard"
  | "ticketGone";
