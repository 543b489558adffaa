import type { AutomationRunOutcome, CreateAutomationRuleInput, UpdateAutomationRuleInput } from "../../../../worker/contracts/automation/rules";
import { INVALID_PATTERN, UNKNOWN_REFERENCE, UNSAFE_PATTERN } from "../../../../worker/contracts/automation/ruleChecks";
import { api } from "../../lib/api";
import { ApiError } from "../../lib/api-error";
import type { RuleRow, RunsPage } from "./types";

export function listRules() {
  return api<RuleRow[]>("/automation-rules");
}

export function createRule(input: CreateAutomationRuleInput) {
  return api<RuleRow>("/automation-rules", { method: "POST", body: input }).catch(inWords);
}

export function updateRule(id: number, update: UpdateAutomationRuleInput) {
  return api<RuleRow>(`/automation-rules/${id}`, { method: "PUT", body: update }).catch(inWords);
}

export function deleteRule(id: number) {
  return api<unknown>(`/automation-rules/${id}`, { method: "DELETE" });
}

export function reorderRules(ids: number[]) {
  return api<RuleRow[]>("/automation-rules/order", { method: "POST", body: { ids } });
}

export function listRuns(params: { ruleId: number; outcome: AutomationRunOutcome | ""; cursor: number | null }) {
  return api<RunsPage>("/automation-runs", { query: { ruleId: params.ruleId, outcome: params.outcome || undefined, cursor: params.cursor ?? undefined } });
}

/** The server's words for a rule's fields (contracts/automation/ruleChecks.ts), as this page's keys the form translates. */
const RULE_CHECK_KEYS: Record<string, string> = {
  [UNKNOWN_REFERENCE]: "automations.errors.unknownReference",
  [INVALID_PATTERN]: "automations.errors.invalidPattern",
  [UNSAFE_PATTERN]: "automations.errors.unsafePattern",
};

function inWords(err: unknown): never {
  if (!(err instanceof ApiError)) throw err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([path, message]) => [path, RULE_CHECK_KEYS[message] ?? message]));
  throw new ApiError(err.status, err.code, err.message, fields, err.body, err.handled, err.openTicket);
}
