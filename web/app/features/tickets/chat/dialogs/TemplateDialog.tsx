import { useInputControl } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { sendTemplateInput, type TemplateView } from "../../../../../../worker/contracts/whatsappTemplates";
import { DialogForm } from "../../../../components/form/DialogForm";
import { useContractForm } from "../../../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../../../components/ui/Dialog";
import { Field, Input } from "../../../../components/ui/Input";
import { Select } from "../../../../components/ui/Select";
import { toastError } from "../../../../lib/errors";
import { listTemplates, sendTemplate } from "../api";
import type { ChatMessage } from "../types";
import "../texts";

/** The body with the values typed so far in place of its {{n}}: what the customer will read. */
function preview(template: TemplateView, params: string[]): string {
  return template.body.replace(/\{\{(\d{1,2})\}\}/g, (whole, n) => params[Number(n) - 1]?.trim() || whole);
}

/**
 * Sends an approved template of the ticket's Cloud API connection (ADR 0050): the way to write once the customer's
 * 24-hour window has closed. The agent picks the template, fills its values and sees the message as it will arrive.
 */
export function TemplateDialog({
  open,
  onOpenChange,
  ticketId,
  whatsappId,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ticketId: number;
  whatsappId: number;
  onSent: (messages: ChatMessage[]) => void;
}) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    listTemplates(whatsappId, abort.signal)
      .then((all) => setTemplates(all.filter((x) => x.status === "APPROVED")))
      .catch((err) => {
        if (!abort.signal.aborted) toastError(err);
      });
    return () => abort.abort();
  }, [open, whatsappId]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("ticketChat.templates.title")} size="md">
        {open ? (
          <TemplateForm ticketId={ticketId} templates={templates} onClose={() => onOpenChange(false)} onSent={onSent} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ ticketId, templates, onClose, onSent }: { ticketId: number; templates: TemplateView[] | null; onClose: () => void; onSent: (messages: ChatMessage[]) => void }) {
  const { t } = useTranslation();
  // The contract's fields; the page's own rule: one value per variable of the chosen template.
  const schema = sendTemplateInput.superRefine((v, ctx) => {
    const chosen = templates?.find((x) => x.id === v.templateId);
    if (chosen && v.params.length < chosen.variables) ctx.addIssue({ code: "custom", path: ["params", v.params.length], message: "Required" });
  });
  const { form, fields, saving } = useContractForm({
    id: `template-form-${ticketId}`,
    schema,
    fields: (name) => name === "templateId" || name.startsWith("params"),
    async save(value) {
      onSent(await sendTemplate(ticketId, value));
      onClose();
    },
  });
  const templateId = useInputControl({ name: fields.templateId.name, formId: form.id });
  const chosen = templates?.find((x) => String(x.id) === templateId.value);
  const params = fields.params.getFieldList();
  const values = params.map((p) => (typeof p.value === "string" ? p.value : ""));
  const choose = (value: string) => {
    templateId.change(value);
    const next = templates?.find((x) => String(x.id) === value);
    form.update({ name: fields.params.name, value: new Array(next?.variables ?? 0).fill("") });
  };

  if (templates === null) return <p className="p-6 text-sm text-muted">{t("ticketChat.templates.loading")}</p>;
  if (templates.length === 0) return <p className="p-6 text-sm text-muted" data-testid="no-templates">{t("ticketChat.templates.none")}</p>;
  return (
    <DialogForm form={form} saving={saving} editing={false} onCancel={onClose} submitLabel={t("ticketChat.templates.send")} submitDisabled={!chosen} className="flex flex-col gap-4">
      <Field id={fields.templateId.id} label={t("ticketChat.templates.template")} error={fields.templateId.errors?.[0]}>
        <Select
          id={fields.templateId.id}
          value={chosen ? String(chosen.id) : undefined}
          onValueChange={choose}
          placeholder={t("ticketChat.templates.choose")}
          options={templates.map((x) => ({ value: String(x.id), label: `${x.name} (${x.language})` }))}
        />
      </Field>
      {params.map((param, i) => (
        <Field key={param.key} id={param.id} label={t("ticketChat.templates.variable", { n: i + 1 })} error={param.errors?.[0]}>
          <Input id={param.id} name={param.name} defaultValue={typeof param.initialValue === "string" ? param.initialValue : ""} invalid={!!param.errors} />
        </Field>
      ))}
      {chosen ? (
        <div className="rounded-md border border-line bg-surface-2 p-3 text-sm" aria-live="polite">
          <p className="mb-1 text-xs font-medium text-muted">{t("ticketChat.templates.preview")}</p>
          {chosen.header ? <p className="font-semibold">{chosen.header}</p> : null}
          <p className="whitespace-pre-wrap" data-testid="template-preview">{preview(chosen, values)}</p>
          {chosen.footer ? <p className="mt-1 text-xs text-muted">{chosen.footer}</p> : null}
        </div>
      ) : null}
    </DialogForm>
  );
}
