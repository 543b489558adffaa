import { ArrowDown, ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { kanbanLaneOrderInput } from "../../../../worker/contracts/kanban";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { toast } from "../../lib/toast";
import { orderLanes } from "./api";
import type { LaneTag } from "./types";
import "./texts";

/** Admins set the lanes' order (left to right) for the whole company; up and down buttons, so no drag needed. */
export function LaneOrderDialog({ open, onOpenChange, lanes }: { open: boolean; onOpenChange: (open: boolean) => void; lanes: LaneTag[] }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("kanban.order.title")} description={t("kanban.order.description")} size="sm">
        {/* The board's lanes as they are now: a lane added or removed meanwhile starts the order again. */}
        <LaneOrderForm key={lanes.map((lane) => lane.id).join()} lanes={lanes} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The order is the form's list of lane ids (the contract's `tagIds`); the buttons move a row with conform's reorder. */
function LaneOrderForm({ lanes, onClose }: { lanes: LaneTag[]; onClose: () => void }) {
  const { t } = useTranslation();
  const byId = new Map(lanes.map((lane) => [String(lane.id), lane]));
  const { form, fields, saving } = useContractForm({
    id: "lane-order-form",
    schema: kanbanLaneOrderInput,
    defaultValue: { tagIds: lanes.map((lane) => String(lane.id)) },
    fields: ["tagIds"],
    async save({ tagIds }) {
      await orderLanes(tagIds);
      toast.success(t("kanban.order.saved"));
      onClose();
    },
  });
  const rows = fields.tagIds.getFieldList();
  const move = (from: number, to: number) => form.reorder({ name: fields.tagIds.name, from, to });
  const error = fields.tagIds.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing onCancel={onClose} submitLabel={t("kanban.order.save")} submitDisabled={rows.length === 0} className="flex flex-col gap-2">
      <ol className="space-y-2" aria-label={t("kanban.order.title")}>
        {rows.map((row, index) => {
          const lane = byId.get(String(row.value ?? row.initialValue));
          if (!lane) return null;
          return (
            <li key={row.key} className="flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2" data-order-lane={lane.id}>
              <input type="hidden" name={row.name} defaultValue={row.initialValue} />
              <span className="w-5 text-xs text-subtle tabular-nums">{index + 1}</span>
              <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: lane.color }} aria-hidden />
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{lane.name}</span>
              <Button variant="ghost" size="icon-sm" aria-label={t("kanban.order.up", { name: lane.name })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="icon-sm" aria-label={t("kanban.order.down", { name: lane.name })} disabled={index === rows.length - 1} onClick={() => move(index, index + 1)}>
                <ArrowDown className="size-4" aria-hidden />
              </Button>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </DialogForm>
  );
}
