import { useTranslation } from "react-i18next";
import { editMessageInput } from "../../../../../../worker/contracts/messages";
import { useContractForm } from "../../../../components/form/useContractForm";
import { Button } from "../../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../../components/ui/Dialog";
import { describedBy } from "../../../../components/ui/Input";
import { editMessage } from "../api";
import { isBlank } from "../rules/composer";
import { withoutSignature } from "../../shared/textFormat";
import type { ChatMessage } from "../types";
import "../texts";

/** Edits the text of one's own message (the server allows 15 minutes). */
export function EditMessageDialog({ message, onClose, onSaved }: { message: ChatMessage | null; onClose: () => void; onSaved: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!message} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("ticketChat.edit.title")} size="md">
        {message ? <EditMessageForm key={message.id} message={message} onClose={onClose} onSaved={onSaved} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditMessageForm({ message, onClose, onSaved }: { message: ChatMessage; onClose: () => void; onSaved: (message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `edit-message-${message.id}`,
    schema: editMessageInput,
    defaultValue: { body: withoutSignature(message.body) },
    fields: ["body"],
    shouldValidate: "onSubmit",
    async save({ body }) {
      onSaved(await editMessage(message.id, body));
      onClose();
    },
  });
  const body = fields.body;
  const error = body.errors?.[0];

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody>
        <textarea
          id={body.id}
          name={body.name}
          key={body.key}
          defaultValue={body.initialValue}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={4}
          autoFocus
          aria-label={t("ticketChat.edit.label")}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy(body.id, error, true)}
          className="w-full resize-y rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm focus:border-brand focus:ring-2 focus:ring-brand/25 focus:outline-none aria-invalid:border-danger"
        />
        {error ? (
          <p id={`${body.id}-error`} role="alert" className="mt-1 text-xs font-medium text-danger">
            {error}
          </p>
        ) : (
          <p id={`${body.id}-hint`} className="mt-1 text-xs text-subtle">
            {t("ticketChat.edit.hint")}
          </p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving} disabled={isBlank(body.value ?? "")}>
          {t("common.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
