import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "./Dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Defaults to the spec's 'Deseja realmente excluir este registro?'. */
  message?: ReactNode;
  confirmLabel?: ReactNode;
  /** May be async: the dialog shows progress and closes when it settles without throwing. */
  onConfirm: () => unknown;
  destructive?: boolean;
}

export function ConfirmDialog({ open, onOpenChange, title, message, confirmLabel, onConfirm, destructive = true }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // the caller reported it; keep the dialog open for another try
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={title} size="sm">
        <DialogBody>
          <p className="text-sm text-muted">{message ?? t("common.deleteConfirm")}</p>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button variant={destructive ? "danger" : "primary"} onClick={confirm} loading={busy} autoFocus>
            {confirmLabel ?? (destructive ? t("common.delete") : t("common.confirm"))}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
