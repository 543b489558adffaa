import { Layers, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Column, ListTable, RowActions, useRowDeletion } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { ApiError } from "../../lib/api";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { deletePlan, type Plan } from "./api";
import { brl, PLAN_FLAGS } from "./model";
import { PlanDialog } from "./PlanDialog";

/** Planos (super users): every plan with its limits, value and features; a plan in use cannot be deleted. */
export function PlansTab({ plans, onChange }: { plans: Plan[] | null; onChange: (plans: Plan[]) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = plans ?? [];
  const deletion = useRowDeletion((row: Plan) => deletePlan(row.id), {
    onDeleted: (row) => onChange(list.filter((p) => p.id !== row.id)),
    success: t("platform.deleted"),
    onError: (err) => {
      if (err instanceof ApiError && err.code === "ERR_PLAN_IN_USE") toast.error(t("platform.plans.inUse", { count: Number(err.body.companies ?? 1) }));
      else toastError(err);
    },
  });
  const columns: Column<Plan>[] = [
    {
      header: t("platform.plans.columns.name"),
      cellClassName: "max-w-0 w-full",
      skeleton: <Skeleton className="h-4 w-32" />,
      cell: (p) => (
        <>
          <p className="truncate font-medium">{p.name}</p>
          {!p.useInternal ? <p className="text-xs text-muted">{t("platform.plans.internal")}</p> : null}
          <p className="text-xs text-muted sm:hidden">
            {t("platform.plans.columns.users")} {p.users} · {t("platform.plans.columns.connections")} {p.connections} · {t("platform.plans.columns.queues")} {p.queues}
          </p>
        </>
      ),
    },
    { header: t("platform.plans.columns.users"), className: "hidden text-right sm:table-cell", cellClassName: "tabular-nums", cell: (p) => p.users },
    { header: t("platform.plans.columns.connections"), className: "hidden text-right sm:table-cell", cellClassName: "tabular-nums", cell: (p) => p.connections },
    { header: t("platform.plans.columns.queues"), className: "hidden text-right sm:table-cell", cellClassName: "tabular-nums", cell: (p) => p.queues },
    { header: t("platform.plans.columns.value"), className: "text-right", cellClassName: "whitespace-nowrap tabular-nums", cell: (p) => brl.format(p.value) },
    {
      header: t("platform.plans.columns.flags"),
      className: "hidden lg:table-cell",
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          {PLAN_FLAGS.filter((f) => p[f]).map((f) => (
            <span key={f} className="rounded-full bg-surface-3 px-2 py-0.5 text-[11px] text-muted">
              {t(`platform.plans.flags.${f}`)}
            </span>
          ))}
        </div>
      ),
    },
    {
      header: t("platform.plans.columns.actions"),
      className: "text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (p) => (
        <RowActions
          name={p.name}
          onEdit={() => {
            setEditing(p);
            setDialogOpen(true);
          }}
          onDelete={() => deletion.ask(p)}
        />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button
          className="w-full sm:w-auto"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden />
          {t("platform.plans.add")}
        </Button>
      </div>
      <div className="overflow-auto rounded-xl border border-line">
        <ListTable
          rows={list}
          columns={columns}
          loaded={plans !== null}
          loadingMore={false}
          skeletonRows={3}
          rowProps={(p) => ({ "data-plan": p.name })}
          empty={{ icon: Layers, title: t("platform.plans.empty") }}
        />
      </div>
      <PlanDialog
        open={dialogOpen}
        plan={editing}
        onOpenChange={setDialogOpen}
        onSaved={(saved) => onChange(list.some((p) => p.id === saved.id) ? list.map((p) => (p.id === saved.id ? saved : p)) : [...list, saved])}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("platform.plans.deleteTitle", { name: deletion.row?.name ?? "" })}
      />
    </div>
  );
}
