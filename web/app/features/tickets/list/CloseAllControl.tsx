import { CheckCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { lazyWhenOpen } from "../../../lib/lazyWhenOpen";
import { toastError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { closeAllTickets, countCloseAll } from "../shared/api";

/** The confirmation's dialog loads its code the first time it opens. */
const ConfirmDialog = lazyWhenOpen(
  () => import("../../../components/ui/ConfirmDialog").then((m) => m.ConfirmDialog),
  (props) => props.open,
);

/**
 * Admin: resolve every ticket of the open tab's list on screen ('Atendendo' or 'Aguardando') in the selected
 * queues, after a confirmation that says how many — counted by the server, which decides what "all" takes.
 */
export function CloseAllControl({ status, queueIds }: { status: "open" | "pending"; queueIds: number[] }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState<{ status: "open" | "pending"; count: number } | null>(null);

  const ask = async () => {
    setAsking(true);
    try {
      const { count } = await countCloseAll(status, queueIds);
      if (count === 0) toast.info(t("tickets.closeAll.none"));
      else setPending({ status, count });
    } catch (err) {
      toastError(err);
    } finally {
      setAsking(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      const { count } = await closeAllTickets(pending.status, queueIds);
      toast.success(t("tickets.closeAll.done", { count }));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  return (
    <>
      <Button
        size="icon-sm"
        variant="outline"
        onClick={() => void ask()}
        loading={asking}
        title={t("tickets.closeAll.button")}
        aria-label={t("tickets.closeAll.button")}
      >
        {!asking ? <CheckCheck className="size-4 shrink-0" aria-hidden /> : null}
      </Button>
      <ConfirmDialog
        open={!!pending}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("tickets.closeAll.title")}
        message={pending ? t(`tickets.closeAll.${pending.status}`, { count: pending.count }) : null}
        confirmLabel={pending ? t("tickets.closeAll.confirm", { count: pending.count }) : null}
        onConfirm={confirm}
      />
    </>
  );
}
