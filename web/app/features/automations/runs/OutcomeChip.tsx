import { useTranslation } from "react-i18next";
import type { AutomationRunOutcome } from "../../../../../worker/contracts/automation/rules";
import { cn } from "../../../components/ui/cn";
import "../texts";

const TONE: Record<AutomationRunOutcome, string> = {
  acted: "bg-brand-soft text-brand-text",
  skipped: "bg-surface-3 text-muted",
  failed: "bg-danger-soft text-danger",
  loopGuard: "bg-warning-soft text-warning-fg",
};

export function OutcomeChip({ outcome }: { outcome: AutomationRunOutcome }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium", TONE[outcome])}>{t(`automations.runs.outcomes.${outcome}`)}</span>;
}
