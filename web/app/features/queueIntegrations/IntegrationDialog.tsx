import { useInputControl } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { createQueueIntegrationInput, updateQueueIntegrationInput } from "../../../../worker/contracts/queueIntegrations";
import { useContractForm } from "../../components/form/useContractForm";
import { DialogForm } from "../../components/form/DialogForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toast } from "../../lib/toast";
import { createIntegration, updateIntegration } from "./api";
import { DialogflowTest } from "./DialogflowTest";
import type { IntegrationRow, IntegrationType } from "./types";
import "./texts";

const TYPES: IntegrationType[] = ["typebot", "n8n", "webhook", "dialogflow"];
const LANGUAGES = ["pt-BR", "en", "es"] as const;
const TEXT_FIELDS = ["typebotKeywordFinish", "typebotKeywordRestart", "typebotRestartMessage", "typebotUnknownMessage"] as const;
const FORM_FIELDS = ["type", "name", "projectName", "jsonContent", "language", "urlN8N", "typebotSlug", "typebotExpires", "typebotDelayMessage", ...TEXT_FIELDS];

/**
 * Spec 002's integration dialog: a type selector and the fields that type needs (dialogflow: name, language,
 * projectName, jsonContent; n8n and webhook: name and URL; typebot: name, URL, slug and its session fields). The
 * server validates by type; its field errors show under the fields.
 */
export function IntegrationDialog({
  open,
  onOpenChange,
  integration,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  integration: IntegrationRow | null;
  onSaved: (row: IntegrationRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={integration ? t("queueIntegrations.dialog.editTitle") : t("queueIntegrations.dialog.addTitle")} size="lg" modalLock>
        <IntegrationForm key={integration?.id ?? "new"} integration={integration} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function IntegrationForm({ integration, onSaved, onClose }: { integration: IntegrationRow | null; onSaved: (row: IntegrationRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `integration-form-${integration?.id ?? "new"}`,
    // The contract's rules, by type; on edit a blank jsonContent keeps the saved one.
    schema: integration ? updateQueueIntegrationInput : createQueueIntegrationInput,
    defaultValue: integration
      ? {
          ...integration,
          jsonContent: "",
          typebotExpires: String(integration.typebotExpires),
          typebotDelayMessage: String(integration.typebotDelayMessage),
        }
      : {
          type: "typebot",
          language: "pt-BR",
          typebotExpires: "1",
          typebotDelayMessage: "1000",
        },
    shouldValidate: "onSubmit",
    fields: FORM_FIELDS,
    codeFields: { ERR_DUPLICATED_INTEGRATION: "name" },
    async save(value) {
      const saved = integration ? await updateIntegration(integration.id, value) : await createIntegration(value);
      toast.success(integration ? t("queueIntegrations.edited") : t("queueIntegrations.added"));
      onSaved(saved);
      onClose();
    },
  });
  const type = useInputControl(fields.type);
  const language = useInputControl(fields.language);
  const typeValue = (type.value as IntegrationType | undefined) ?? "typebot";

  type TextKey = "name" | "projectName" | "urlN8N" | "typebotSlug" | (typeof TEXT_FIELDS)[number];
  type Key = TextKey | "jsonContent" | "typebotExpires" | "typebotDelayMessage";
  // An input shows what was last typed in it (a switch of type and back keeps it).
  const current = (key: Key) => {
    const value = fields[key].value;
    return typeof value === "string" ? value : (fields[key].initialValue as string | undefined) ?? "";
  };
  const text = (key: TextKey, props: { type?: string; placeholder?: string; autoFocus?: boolean } = {}) => {
    const meta = fields[key];
    const error = meta.errors?.[0];
    return (
      <Field id={meta.id} label={t(`queueIntegrations.dialog.${key}`)} error={error}>
        <Input id={meta.id} name={meta.name} key={meta.key} defaultValue={current(key)} autoComplete="off" invalid={!!error} aria-describedby={describedBy(meta.id, error)} {...props} />
      </Field>
    );
  };
  const number = (key: "typebotExpires" | "typebotDelayMessage") => {
    const meta = fields[key];
    const error = meta.errors?.[0];
    return (
      <Field id={meta.id} label={t(`queueIntegrations.dialog.${key}`)} error={error}>
        <Input id={meta.id} name={meta.name} key={meta.key} defaultValue={current(key)} type="number" min={0} invalid={!!error} />
      </Field>
    );
  };
  // The other types' fields stay in the form as hidden inputs: a switch of type keeps what was typed, and an edit
  // sends the whole integration back as the API takes it.
  const kept = (keys: Key[]) => keys.map((key) => <input key={key} type="hidden" name={fields[key].name} value={current(key)} />);
  const DIALOGFLOW: Key[] = ["projectName", "jsonContent"];
  const TYPEBOT: Key[] = ["typebotSlug", "typebotExpires", "typebotDelayMessage", ...TEXT_FIELDS];

  return (
    // "Salvar" when adding too (spec 002).
    <DialogForm form={form} saving={saving} editing onCancel={onClose} className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.type.id} label={t("queueIntegrations.dialog.type")} error={fields.type.errors?.[0]}>
          <Select
            id={fields.type.id}
            value={typeValue}
            onValueChange={type.change}
            options={TYPES.map((option) => ({
              value: option,
              label: t(`queueIntegrations.types.${option}`),
            }))}
          />
        </Field>
        {text("name", { autoFocus: true })}
        {typeValue === "dialogflow" ? (
          <>
            <Field id={fields.language.id} label={t("queueIntegrations.dialog.language")}>
              <Select
                id={fields.language.id}
                value={(language.value as string | undefined) ?? "pt-BR"}
                onValueChange={language.change}
                options={LANGUAGES.map((l) => ({
                  value: l,
                  label: t(`queueIntegrations.languages.${l}`),
                }))}
              />
            </Field>
            {text("projectName")}
            <Field
              id={fields.jsonContent.id}
              label={t("queueIntegrations.dialog.jsonContent")}
              error={fields.jsonContent.errors?.[0]}
              hint={integration?.hasJsonContent ? t("queueIntegrations.dialog.jsonContentKeep") : undefined}
              className="sm:col-span-2"
            >
              <textarea
                id={fields.jsonContent.id}
                name={fields.jsonContent.name}
                key={fields.jsonContent.key}
                defaultValue={current("jsonContent")}
                rows={6}
                className={`${textareaClasses} font-mono text-xs`}
                aria-invalid={!!fields.jsonContent.errors?.[0] || undefined}
                spellCheck={false}
              />
            </Field>
            <DialogflowTest id={integration?.id} projectName={current("projectName")} jsonContent={current("jsonContent")} language={(language.value as string | undefined) ?? "pt-BR"} />
            {kept(["urlN8N", ...TYPEBOT])}
          </>
        ) : (
          <>
            <div className="sm:col-span-2">{text("urlN8N", { type: "url", placeholder: "https://" })}</div>
            {typeValue === "typebot" ? (
              <>
                {text("typebotSlug")}
                {number("typebotExpires")}
                {number("typebotDelayMessage")}
                {TEXT_FIELDS.map((key) => (
                  <div key={key}>{text(key)}</div>
                ))}
              </>
            ) : (
              kept(TYPEBOT)
            )}
            {kept(DIALOGFLOW)}
          </>
        )}
    </DialogForm>
  );
}
