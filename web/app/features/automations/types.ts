import type { AutomationRuleView, AutomationRunsPage, AutomationRunView } from "../../../../worker/contracts/views/automation";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of /api/automation-rules and /api/automation-runs: the contract's views as JSON. */
export type RuleRow = Wire<AutomationRuleView>;
export type RunRow = Wire<AutomationRunView>;
export type RunsPage = Wire<AutomationRunsPage>;
