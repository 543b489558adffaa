import { ArrowDown, ArrowUp } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { orderLanes } from "./api";
import type { LaneTag } from "./types";
import "./texts";

/** Admins set the lanes' order (left to right) for the whole company; up and down buttons, so no drag needed. */
export function LaneOrderDialog({ open, onOpenChange, lanes }: { open: boolean; onOpenChange: (open: boolean) => void; lanes: LaneTag[] }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(lanes);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setOrder(lanes);
  }, [open, lanes]);

  const shift = (index: number, by: -1 | 1) => {
    setOrder((current) => {
      const next = [...current];
      const [lane] = next.splice(index, 1);
      next.splice(index + by, 0, lane!);
      return next;
    });
  };
  const save = async () => {
    setSaving(true);
    try {
      await orderLanes(order.map((l) => l.id));
      toast.success(t("kanban.order.saved"));
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("kanban.order.title")} description={t("kanban.order.description")} size="sm">
        <DialogBody>
          <ol className="space-y-2" aria-label={t("kanban.order.title")}>
            {order.map((lane, index) => (
              <li key={lane.id} className="flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2" data-order-lane={lane.id}>
                <span className="w-5 text-xs text-subtle tabular-nums">{index + 1}</span>
                <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: lane.color }} aria-hidden />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{lane.name}</span>
                <Button variant="ghost" size="icon-sm" aria-label={t("kanban.order.up", { name: lane.name })} disabled={index === 0} onClick={() => shift(index, -1)}>
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t("kanban.order.down", { name: lane.name })}
                  disabled={index === order.length - 1}
                  onClick={() => shift(index, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </DialogClose>
          <Button onClick={save} loading={saving} disabled={order.length === 0}>
            {t("kanban.order.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
