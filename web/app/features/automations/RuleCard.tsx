import { ArrowDown, ArrowUp, GripVertical, Pencil, ScrollText, Trash2 } from "lucide-react";
import type { HTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@remix-run/react";
import { RowAction } from "../../components/list";
import { cn } from "../../components/ui/cn";
import { Switch } from "../../components/ui/Switch";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { describeActions } from "../automationActions/describeAction";
import { describeCondition, describeTrigger } from "./describeRule";
import type { RuleLookups } from "./lookups";
import type { RuleRow } from "./types";
import "../automationActions/texts";
import "./texts";

export const logPath = (rule: Pick<RuleRow, "id">) => `/automations/${rule.id}`;

export interface RuleCardHandlers {
  onToggle: (rule: RuleRow, enabled: boolean) => void;
  onEdit: (rule: RuleRow) => void;
  onDelete: (rule: RuleRow) => void;
  onMove: (from: number, to: number) => void;
}

/**
 * One rule as the list shows it, in its place: its switch, "Quando / Se / Então" in words, its last run and how often
 * it acted in 24 hours; moved by its handle (drag) or by the up and down buttons (keyboard).
 */
export function RuleCard({
  rule,
  index,
  total,
  lookups,
  busy,
  dragging,
  over,
  nodeRef,
  handle,
  style,
  onToggle,
  onEdit,
  onDelete,
  onMove,
}: {
  rule: RuleRow;
  index: number;
  total: number;
  lookups: RuleLookups;
  busy: boolean;
  dragging?: boolean;
  over?: boolean;
  nodeRef?: Ref<HTMLLIElement>;
  /** The drag handle's props (dnd-kit's activator). */
  handle?: HTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };
  style?: React.CSSProperties;
} & RuleCardHandlers) {
  const { t } = useTranslation();
  const when = useCompanyTime();
  const conditions = rule.conditions.map((c) => describeCondition(c, lookups, t));
  return (
    <li
      ref={nodeRef}
      style={style}
      data-testid="rule-row"
      data-enabled={rule.enabled}
      className={cn(
        "relative rounded-2xl border border-line bg-surface p-3 shadow-panel sm:p-4",
        dragging && "z-10 opacity-90 shadow-lg ring-2 ring-brand/40",
        over && !dragging && "border-brand",
        !rule.enabled && "bg-surface-2",
      )}
    >
      <div className="flex items-start gap-2 sm:gap-3">
        <button
          type="button"
          {...handle}
          tabIndex={-1}
          aria-hidden
          title={t("automations.actions.drag")}
          className="-ml-1 mt-0.5 hidden cursor-grab touch-none rounded-md p-1 text-subtle hover:bg-surface-3 active:cursor-grabbing sm:block"
        >
          <GripVertical className="size-4" />
        </button>
        <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-muted tabular-nums" aria-hidden>
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={logPath(rule)} className="min-w-0 break-words font-semibold hover:underline" data-testid="rule-name">
              {rule.name}
            </Link>
            {!rule.enabled ? <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted">{t("automations.disabled")}</span> : null}
          </div>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <Term>{t("automations.summary.when")}</Term>
            <dd className="min-w-0 break-words">{describeTrigger(rule.trigger, t)}</dd>
            <Term>{t("automations.summary.if")}</Term>
            <dd className="min-w-0 break-words">{conditions.length > 0 ? conditions.join(" · ") : <span className="text-muted">{t("automations.summary.always")}</span>}</dd>
            <Term>{t("automations.summary.then")}</Term>
            <dd className="min-w-0 break-words">{describeActions(rule.actions, lookups, t)}</dd>
          </dl>
          <p className="mt-2 text-xs text-muted" data-testid="rule-runs">
            {rule.lastRunAt ? t("automations.lastRun", { when: when.dateTime(rule.lastRunAt) }) : t("automations.neverRan")}
            {" · "}
            {t("automations.acted", { count: rule.actedLast24h })}
          </p>
        </div>
        <Switch
          checked={rule.enabled}
          disabled={busy}
          onCheckedChange={(enabled) => onToggle(rule, enabled)}
          aria-label={t("automations.enabledLabel", { name: rule.name })}
          className="mt-0.5"
        />
      </div>
      <div className="mt-2 flex flex-wrap justify-end gap-0.5 border-t border-line pt-2">
        <RowAction icon={ArrowUp} label={t("automations.actions.moveUp")} name={rule.name} onClick={() => onMove(index, index - 1)} disabled={busy || index === 0} />
        <RowAction icon={ArrowDown} label={t("automations.actions.moveDown")} name={rule.name} onClick={() => onMove(index, index + 1)} disabled={busy || index === total - 1} />
        <RowAction icon={ScrollText} label={t("automations.actions.log")} name={rule.name} to={logPath(rule)} />
        <RowAction icon={Pencil} label={t("automations.actions.edit")} name={rule.name} onClick={() => onEdit(rule)} />
        <RowAction icon={Trash2} label={t("common.delete")} name={rule.name} onClick={() => onDelete(rule)} danger />
      </div>
    </li>
  );
}

function Term({ children }: { children: string }) {
  return <dt className="pt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-text">{children}</dt>;
}
