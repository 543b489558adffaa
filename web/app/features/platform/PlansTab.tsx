import { Layers, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
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
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const list = plans ?? [];

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
        {plans && list.length === 0 ? (
          <EmptyState icon={Layers} title={t("platform.plans.empty")} />
        ) : (
          <Table>
            <THead>
              <Tr className="hover:bg-transparent">
                <Th>{t("platform.plans.columns.name")}</Th>
                <Th className="hidden text-right sm:table-cell">{t("platform.plans.columns.users")}</Th>
                <Th className="hidden text-right sm:table-cell">{t("platform.plans.columns.connections")}</Th>
                <Th className="hidden text-right sm:table-cell">{t("platform.plans.columns.queues")}</Th>
                <Th className="text-right">{t("platform.plans.columns.value")}</Th>
                <Th className="hidden lg:table-cell">{t("platform.plans.columns.flags")}</Th>
                <Th className="text-right">{t("platform.plans.columns.actions")}</Th>
              </Tr>
            </THead>
            <TBody>
              {list.map((p) => (
                <Tr key={p.id} data-plan={p.name}>
                  <Td className="max-w-0 w-full">
                    <p className="truncate font-medium">{p.name}</p>
                    {!p.useInternal ? <p className="text-xs text-muted">{t("platform.plans.internal")}</p> : null}
                    <p className="text-xs text-muted sm:hidden">
                      {t("platform.plans.columns.users")} {p.users} · {t("platform.plans.columns.connections")} {p.connections} · {t("platform.plans.columns.queues")} {p.queues}
                    </p>
                  </Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{p.users}</Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{p.connections}</Td>
                  <Td className="hidden text-right tabular-nums sm:table-cell">{p.queues}</Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{brl.format(p.value)}</Td>
                  <Td className="hidden lg:table-cell">
                    <div className="flex flex-wrap gap-1">
                      {PLAN_FLAGS.filter((f) => p[f]).map((f) => (
                        <span key={f} className="rounded-full bg-surface-3 px-2 py-0.5 text-[11px] text-muted">
                          {t(`platform.plans.flags.${f}`)}
                        </span>
                      ))}
                    </div>
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t("platform.plans.edit", { name: p.name })}
                      onClick={() => {
                        setEditing(p);
                        setDialogOpen(true);
                      }}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon-sm" aria-label={t("platform.plans.delete", { name: p.name })} onClick={() => setDeleting(p)}>
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </div>
      <PlanDialog
        open={dialogOpen}
        plan={editing}
        onOpenChange={setDialogOpen}
        onSaved={(saved) => onChange(list.some((p) => p.id === saved.id) ? list.map((p) => (p.id === saved.id ? saved : p)) : [...list, saved])}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("platform.plans.deleteTitle", { name: deleting?.name ?? "" })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deletePlan(deleting.id);
            onChange(list.filter((p) => p.id !== deleting.id));
            toast.success(t("platform.deleted"));
          } catch (err) {
            if (err instanceof ApiError && err.code === "ERR_PLAN_IN_USE") {
              toast.error(t("platform.plans.inUse", { count: Number(err.body.companies ?? 1) }));
            } else toastError(err);
            throw err;
          }
        }}
      />
    </div>
  );
}
