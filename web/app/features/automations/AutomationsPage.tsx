import { Waypoints } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ListFailed, useBusyRows, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { toast } from "../../lib/toast";
import { deleteRule, updateRule } from "./api";
import { useRuleLookups } from "./lookups";
import { RuleDialog } from "./RuleDialog";
import { RuleList } from "./RuleList";
import type { RuleRow } from "./types";
import { useRuleList } from "./useRuleList";
import "./texts";

/** /automations (admins): the company's rules in the order they run; each opens its run log. */
export function AutomationsPage() {
  const { t } = useTranslation();
  const list = useRuleList();
  const lookups = useRuleLookups();
  const [dialog, setDialog] = useState<{ rule: RuleRow | null } | null>(null);
  const { busy, run } = useBusyRows();
  const deletion = useRowDeletion((rule: RuleRow) => deleteRule(rule.id), {
    onDeleted: () => list.refresh(),
    success: t("automations.deleted"),
    tone: "info",
  });

  const toggle = (rule: RuleRow, enabled: boolean) =>
    run(rule.id, async () => {
      list.upsert(await updateRule(rule.id, { enabled }));
      toast.success(t(enabled ? "automations.enabledNow" : "automations.disabledNow"));
    });
  const move = (from: number, to: number) => {
    const rule = list.items[from];
    if (!rule) return;
    void run(rule.id, async () => {
      if (await list.move(from, to)) toast.success(t("automations.reordered"));
    });
  };

  return (
    <PageFrame className="max-w-4xl">
      <PageHeader title={t("automations.title")} count={list.loaded && !list.failed ? list.count : undefined} add={{ label: t("automations.add"), onClick: () => setDialog({ rule: null }) }} />
      <p className="-mt-2 text-sm text-muted">{t("automations.intro")}</p>
      {!list.loaded ? (
        <ol className="flex flex-col gap-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <li key={i} className="rounded-2xl border border-line bg-surface p-4">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="mt-3 h-4 w-full max-w-md" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </li>
          ))}
        </ol>
      ) : list.failed ? (
        <Card>
          <ListFailed message={t("automations.failed")} retryLabel={t("automations.retry")} onRetry={list.reload} />
        </Card>
      ) : list.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={Waypoints}
            title={t("automations.empty")}
            description={t("automations.emptyHint")}
            action={<Button onClick={() => setDialog({ rule: null })}>{t("automations.add")}</Button>}
          />
        </Card>
      ) : (
        <RuleList rules={list.items} lookups={lookups} busy={busy} onToggle={toggle} onEdit={(rule) => setDialog({ rule })} onDelete={deletion.ask} onMove={move} />
      )}
      <RuleDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        rule={dialog?.rule ?? null}
        lookups={lookups}
        onSaved={(rule) => list.upsert(rule)}
      />
      <ConfirmDialog {...deletion.dialog} title={t("automations.deleteTitle", { name: deletion.row?.name ?? "" })} message={t("automations.deleteMessage")} />
    </PageFrame>
  );
}
