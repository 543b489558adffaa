import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import type { AutomationAction } from "../../contracts/automation/actions";
import type { MacroAction } from "../../contracts/automation/macros";
import { AUTOMATION_RUN_OUTCOMES, AUTOMATION_TRIGGERS, type AutomationCondition } from "../../contracts/automation/rules";
import type { AutomationRunDetail } from "../../contracts/views/automation";
import { users } from "./users";
import { tickets } from "./tickets";

/**
 * An admin's automation rule (issue 26): when `trigger` (and `triggerMinutes` for a silence), if every condition,
 * then the actions in order. Rules run in `position` order; the hub keeps the enabled ones in memory by trigger.
 */
export const automationRules = sqliteTable(
  "automation_rules",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    position: integer("position").notNull(),
    trigger: text("trigger", { enum: AUTOMATION_TRIGGERS }).notNull(),
    triggerMinutes: integer("trigger_minutes"),
    conditions: text("conditions", { mode: "json" }).$type<AutomationCondition[]>().notNull(),
    actions: text("actions", { mode: "json" }).$type<AutomationAction[]>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("automation_rules_company_position_idx").on(t.companyId, t.position)],
);
export type AutomationRuleRow = typeof automationRules.$inferSelect;

/**
 * Each run of a rule on a ticket: what it did, or why it did not (the rule's log on /automations). Kept for a while
 * by the tenant's housekeeping. A timed trigger's run also marks the silence it answered (`triggerKey`), so one
 * silence sets a rule off once.
 */
export const automationRuns = sqliteTable(
  "automation_runs",
  {
    id: id(),
    companyId: companyId(),
    ruleId: integer("rule_id")
      .notNull()
      .references(() => automationRules.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    trigger: text("trigger", { enum: AUTOMATION_TRIGGERS }).notNull(),
    /** What made this run distinct (a timed trigger: the message whose silence it answered); null for events. */
    triggerKey: text("trigger_key"),
    outcome: text("outcome", { enum: AUTOMATION_RUN_OUTCOMES }).notNull(),
    detail: text("detail", { mode: "json" }).$type<AutomationRunDetail[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("automation_runs_company_rule_idx").on(t.companyId, t.ruleId, t.id),
    index("automation_runs_company_ticket_idx").on(t.companyId, t.ticketId, t.id),
    index("automation_runs_rule_key_idx").on(t.ruleId, t.triggerKey),
  ],
);

/**
 * A named list of actions an agent runs on the open ticket (issue 26 §3): shared with the company, or personal
 * (`ownerId`, seen and run only by its owner). `actions` are the macro subset of the automation vocabulary; a file
 * to send sits in R2 under `mediaPath`.
 */
export const macros = sqliteTable(
  "macros",
  {
    id: id(),
    companyId: companyId(),
    name: text("name").notNull(),
    visibility: text("visibility", { enum: ["company", "personal"] }).notNull().default("company"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    actions: text("actions", { mode: "json" }).$type<MacroAction[]>().notNull(),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("macros_company_name_idx").on(t.companyId, t.name)],
);
export type MacroRow = typeof macros.$inferSelect;
