import { Download, ShieldX } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { confirmsErasure, type ContactErasureView } from "../../../../worker/contracts/privacy";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Input } from "../../components/ui/Input";
import { toastError } from "../../lib/errors";
import { exportFileName } from "../../lib/files";
import { toast } from "../../lib/toast";
import { downloadContactData, eraseContactData } from "./api";
import "./texts";

interface PrivacyContact {
  id: number;
  name: string;
}

/** Downloads the contact's archive (issue 28); answers false when it failed (the error is shown). */
export function useContactExport() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const run = async (contact: PrivacyContact) => {
    setBusy(contact.id);
    try {
      await downloadContactData(contact.id, exportFileName(`${t("contactPrivacy.exportFilePrefix")}-${contact.id}`, new Date(), "zip"));
      toast.success(t("contactPrivacy.exported"));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** The drawer's buttons: export the contact's data, erase it (admins and supervisors: contacts:privacy). */
export function ContactPrivacyActions({ contact, onErased }: { contact: PrivacyContact; onErased?: (view: ContactErasureView) => void }) {
  const { t } = useTranslation();
  const exporting = useContactExport();
  const [erasing, setErasing] = useState(false);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2 border-t border-line pt-5">
      <h3 id={titleId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t("contactPrivacy.title")}
      </h3>
      <p className="text-xs text-subtle">{t("contactPrivacy.hint")}</p>
      <div className="flex flex-col gap-2 pt-1">
        <Button variant="outline" size="sm" onClick={() => exporting.run(contact)} loading={exporting.busy === contact.id} title={t("contactPrivacy.exportHint")}>
          <Download className="size-4" aria-hidden />
          {t("contactPrivacy.export")}
        </Button>
        <Button variant="dangerOutline" size="sm" onClick={() => setErasing(true)}>
          <ShieldX className="size-4" aria-hidden />
          {t("contactPrivacy.erase")}
        </Button>
      </div>
      <EraseContactDialog contact={erasing ? contact : null} onClose={() => setErasing(false)} onErased={onErased} />
    </section>
  );
}

/**
 * Confirms an erasure by the contact's name or APAGAR, says what goes and what stays, and waits for the server, which
 * answers once every slice has run (a long conversation takes a few moments: the dialog says so while it waits).
 */
export function EraseContactDialog({
  contact,
  onClose,
  onErased,
}: {
  contact: PrivacyContact | null;
  onClose: () => void;
  onErased?: (view: ContactErasureView) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setTyped("");
    onClose();
  };
  const confirmed = contact !== null && confirmsErasure(typed, contact.name);
  const erase = async () => {
    if (!contact || !confirmed) return;
    setBusy(true);
    try {
      const view = await eraseContactData(contact.id, typed);
      toast.success(t("contactPrivacy.erased", { count: view.tickets, messages: view.messages }));
      onErased?.(view);
      setTyped("");
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent title={t("contactPrivacy.eraseTitle", { name: contact?.name ?? "" })} size="sm">
        <DialogBody>
          <div className="space-y-3 text-sm">
            <p>{t("contactPrivacy.eraseWhat")}</p>
            <p className="text-muted">{t("contactPrivacy.eraseKeeps")}</p>
            <p className="text-muted">{t("contactPrivacy.eraseNewContact")}</p>
            <label className="block space-y-1">
              <span className="font-medium">{t("contactPrivacy.eraseConfirmLabel")}</span>
              <Input value={typed} onChange={(e) => setTyped(e.target.value)} disabled={busy} autoComplete="off" name="confirm" />
            </label>
            {busy ? (
              <p role="status" className="text-muted">
                {t("contactPrivacy.erasing")}
              </p>
            ) : null}
          </div>
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" onClick={erase} loading={busy} disabled={!confirmed}>
            {t("contactPrivacy.eraseConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
