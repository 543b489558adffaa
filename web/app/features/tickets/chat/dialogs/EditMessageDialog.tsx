import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../../components/ui/Dialog";
import { toastError } from "../../../../lib/errors";
import { editMessage } from "../api";
import { isBlank } from "../rules/composer";
import { withoutSignature } from "../../shared/textFormat";
import type { ChatMessage } from "../types";
import "../texts";

/** Edits the text of one's own message (the server allows 15 minutes). */
export function EditMessageDialog({ message, onClose, onSaved }: { message: ChatMessage | null; onClose: () => void; onSaved: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setBody(message ? withoutSignature(message.body) : ""), [message]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!message || isBlank(body)) return;
    setSaving(true);
    try {
      onSaved(await editMessage(message.id, body.trim()));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={!!message} onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent title={t("ticketChat.edit.title")} size="md">
        <form onSubmit={submit} className="contents">
          <DialogBody>
            <textarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              rows={4}
              autoFocus
              aria-label={t("ticketChat.edit.label")}
              className="w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm focus:border-brand focus:ring-2 focus:ring-brand/25 focus:outline-none"
            />
            <p className="mt-1 text-xs text-subtle">{t("ticketChat.edit.hint")}</p>
          </DialogBody>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={saving}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={saving} disabled={isBlank(body)}>
              {t("common.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
