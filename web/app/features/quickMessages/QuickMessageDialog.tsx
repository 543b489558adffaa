import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { MAX_QUICK_MESSAGE_MEDIA_BYTES } from "../../../../worker/contracts/quickMessages";
import { DialogForm } from "../../components/form/DialogForm";
import { FileField } from "../../components/form/FileField";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, inputClasses } from "../../components/ui/Input";
import { errorMessage } from "../../lib/errors";
import { safeFileName } from "../../lib/files";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { createQuickMessage, deleteQuickMessageMedia, updateQuickMessage, uploadQuickMessageMedia } from "./api";
import { quickMessageFormSchema } from "./schema";
import type { QuickMessagePayload, QuickMessageRow } from "./types";
import "./texts";

const isFormField = (name: string) => ["shortcode", "message", "geral"].includes(name);
/** The text inputs' look, grown for several lines. */
const textareaClasses = cn(inputClasses.replace("h-10 ", ""), "min-h-32 resize-y py-2 leading-relaxed");

export interface QuickMessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The quick message being edited; absent to add one. */
  quickMessage?: QuickMessageRow | null;
  onSaved: (quickMessage: QuickMessageRow) => void;
}

export function QuickMessageDialog({ open, onOpenChange, quickMessage, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={quickMessage ? t("quickMessages.dialog.editTitle") : t("quickMessages.dialog.addTitle")} size="md" modalLock>
        <QuickMessageForm quickMessage={quickMessage ?? null} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function QuickMessageForm({ quickMessage, onSaved, onClose }: { quickMessage: QuickMessageRow | null; onSaved: (qm: QuickMessageRow) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const mayShare = can(user, "quick-messages:geral");
  const schema = useMemo(() => quickMessageFormSchema(i18n.language), [i18n.language]);

  const { form, fields, saving } = useContractForm({
    id: `quick-message-form-${quickMessage?.id ?? "new"}`,
    schema,
    defaultValue: { shortcode: quickMessage?.shortcode ?? "", message: quickMessage?.message ?? "", geral: quickMessage?.geral ? "on" : "" },
    fields: isFormField,
    async save(value) {
      const payload: QuickMessagePayload = { shortcode: value.shortcode, message: value.message, status: quickMessage?.status ?? true };
      if (mayShare) payload.geral = value.geral;
      let saved = quickMessage ? await updateQuickMessage(quickMessage.id, payload) : await createQuickMessage(payload);
      // The attachment is a separate call once the message exists (spec 002: media-upload after save).
      try {
        if (value.media) saved = await uploadQuickMessageMedia(saved.id, value.media, safeFileName(value.media.name) || "file");
        else if (value.removeMedia && saved.mediaName) saved = await deleteQuickMessageMedia(saved.id);
        toast.success(t("quickMessages.saved"));
      } catch (err) {
        toast.error(t("quickMessages.attachmentFailed", { reason: errorMessage(err, t) }));
      }
      onSaved(saved);
      onClose();
    },
  });

  const shortcodeError = fields.shortcode.errors?.[0];
  const messageError = fields.message.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing={!!quickMessage} onCancel={onClose}>
        <Field id={fields.shortcode.id} label={t("quickMessages.dialog.shortcode")} error={shortcodeError} hint={shortcodeError ? undefined : t("quickMessages.dialog.shortcodeHint")}>
          <div className="relative">
            <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-mono text-sm text-subtle">
              /
            </span>
            <Input
              id={fields.shortcode.id}
              name={fields.shortcode.name}
              key={fields.shortcode.key}
              defaultValue={fields.shortcode.initialValue}
              autoComplete="off"
              autoFocus
              spellCheck={false}
              className="pl-6 font-mono"
              invalid={!!shortcodeError}
              aria-describedby={describedBy(fields.shortcode.id, shortcodeError, t("quickMessages.dialog.shortcodeHint"))}
            />
          </div>
        </Field>
        <Field id={fields.message.id} label={t("quickMessages.dialog.message")} error={messageError}>
          <textarea
            id={fields.message.id}
            name={fields.message.name}
            key={fields.message.key}
            defaultValue={fields.message.initialValue}
            rows={6}
            className={textareaClasses}
            aria-invalid={!!messageError || undefined}
            aria-describedby={describedBy(fields.message.id, messageError)}
          />
        </Field>
        <FileField
          meta={fields.media}
          remove={fields.removeMedia}
          current={quickMessage?.mediaName ? { name: quickMessage.mediaName, url: quickMessage.mediaPath } : null}
          maxBytes={MAX_QUICK_MESSAGE_MEDIA_BYTES}
        />
        {mayShare ? (
          <div className="flex items-center justify-between gap-4 rounded-xl border border-line bg-surface-2 px-4 py-3">
            <div className="min-w-0">
              <label htmlFor={fields.geral.id} className="text-sm font-medium">
                {t("quickMessages.dialog.geral")}
              </label>
              <p id={`${fields.geral.id}-hint`} className="text-xs text-subtle">
                {t("quickMessages.dialog.geralHint")}
              </p>
            </div>
            <SwitchInput meta={fields.geral} aria-describedby={`${fields.geral.id}-hint`} />
          </div>
        ) : null}
    </DialogForm>
  );
}
