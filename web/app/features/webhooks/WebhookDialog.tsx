import { useInputControl } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { webhookSubscriptionInput } from "../../../../worker/contracts/publicApi/webhooks";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { toast } from "../../lib/toast";
import { createWebhook, updateWebhook } from "./api";
import { EventsChecklist } from "./EventsChecklist";
import type { CreatedWebhook, WebhookRow } from "./types";
import "./texts";

/** The contract's English messages for the URL and the events, said in the user's language. */
const MESSAGES = { url: { other: "webhooks.validation.url" }, events: { other: "webhooks.validation.events" } };

export interface WebhookDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The subscription being edited; absent to add one. */
  webhook: WebhookRow | null;
  onSaved: (webhook: WebhookRow) => void;
  /** A new subscription, with its secret (shown once). */
  onCreated: (created: CreatedWebhook) => void;
}

export function WebhookDialog({ open, onOpenChange, webhook, onSaved, onCreated }: WebhookDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={webhook ? t("webhooks.dialog.editTitle") : t("webhooks.dialog.addTitle")} size="lg" modalLock>
        <WebhookForm webhook={webhook} onSaved={onSaved} onCreated={onCreated} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({ webhook, onSaved, onCreated, onClose }: Omit<WebhookDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `webhook-form-${webhook?.id ?? "new"}`,
    schema: webhookSubscriptionInput,
    defaultValue: { url: webhook?.url ?? "", description: webhook?.description ?? "", events: webhook?.events ?? [] },
    fields: ["url", "description", "events"],
    messages: MESSAGES,
    async save(value) {
      if (webhook) {
        onSaved(await updateWebhook(webhook.id, value));
        toast.success(t("webhooks.saved"));
      } else {
        onCreated(await createWebhook(value));
      }
      onClose();
    },
  });
  const events = useInputControl<string[]>({ key: fields.events.key, name: fields.events.name, formId: form.id, initialValue: fields.events.initialValue as string[] | undefined });
  const urlError = fields.url.errors?.[0];
  const descriptionError = fields.description.errors?.[0];
  const urlHint = t("webhooks.dialog.urlHint");

  return (
    <DialogForm form={form} saving={saving} editing={!!webhook} onCancel={onClose}>
      <Field id={fields.url.id} label={t("webhooks.dialog.url")} error={urlError} hint={urlHint}>
        <Input
          id={fields.url.id}
          name={fields.url.name}
          key={fields.url.key}
          defaultValue={fields.url.initialValue}
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          invalid={!!urlError}
          aria-describedby={describedBy(fields.url.id, urlError, urlHint)}
        />
      </Field>
      <Field id={fields.description.id} label={t("webhooks.dialog.description")} error={descriptionError}>
        <Input
          id={fields.description.id}
          name={fields.description.name}
          key={fields.description.key}
          defaultValue={fields.description.initialValue}
          maxLength={200}
          autoComplete="off"
          invalid={!!descriptionError}
          aria-describedby={describedBy(fields.description.id, descriptionError)}
        />
      </Field>
      <EventsChecklist id={fields.events.id} control={events} error={fields.events.errors?.[0]} />
    </DialogForm>
  );
}
