import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toastError } from "../../lib/errors";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { createIntegration, updateIntegration } from "./api";
import { DialogflowTest } from "./DialogflowTest";
import type { IntegrationPayload, IntegrationRow, IntegrationType } from "./types";
import "./texts";

const TYPES: IntegrationType[] = ["typebot", "n8n", "webhook", "dialogflow"];
const LANGUAGES = ["pt-BR", "en", "es"] as const;
const TEXT_FIELDS = ["typebotKeywordFinish", "typebotKeywordRestart", "typebotRestartMessage", "typebotUnknownMessage"] as const;
const FORM_FIELDS = ["type", "name", "projectName", "jsonContent", "language", "urlN8N", "typebotSlug", "typebotExpires", "typebotDelayMessage", ...TEXT_FIELDS];

const blank = (): IntegrationPayload => ({
  type: "typebot",
  name: "",
  projectName: "",
  jsonContent: "",
  language: "pt-BR",
  urlN8N: "",
  typebotSlug: "",
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
});

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
  const [value, setValue] = useState<IntegrationPayload>(() => (integration ? { ...blank(), ...integration, jsonContent: "" } : blank()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof IntegrationPayload>(key: K, v: IntegrationPayload[K]) => {
    setValue((old) => ({ ...old, [key]: v }));
    // A field's error goes as soon as it is edited; the server says again on save if it still holds.
    setErrors((old) => (key in old ? Object.fromEntries(Object.entries(old).filter(([k]) => k !== key)) : old));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = value.name.trim();
    if (name.length < 2 || name.length > 50) {
      setErrors({ name: name ? (name.length < 2 ? t("validation.tooShort") : t("validation.tooLong")) : t("validation.required") });
      return;
    }
    setSaving(true);
    try {
      const saved = integration ? await updateIntegration(integration.id, value) : await createIntegration(value);
      toast.success(integration ? t("queueIntegrations.edited") : t("queueIntegrations.added"));
      onSaved(saved);
      onClose();
    } catch (err) {
      const fieldErrors = fieldErrorsFrom(err, t, FORM_FIELDS, { ERR_DUPLICATED_INTEGRATION: "name" });
      if (fieldErrors) setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0] ?? ""])));
      else toastError(err);
    } finally {
      setSaving(false);
    }
  }

  const text = (key: "name" | "projectName" | "urlN8N" | "typebotSlug" | (typeof TEXT_FIELDS)[number], props: { type?: string; placeholder?: string; autoFocus?: boolean } = {}) => (
    <Field id={`integration-${key}`} label={t(`queueIntegrations.dialog.${key}`)} error={errors[key]}>
      <Input
        id={`integration-${key}`}
        value={value[key]}
        onChange={(e) => set(key, e.target.value)}
        autoComplete="off"
        invalid={!!errors[key]}
        aria-describedby={describedBy(`integration-${key}`, errors[key])}
        {...props}
      />
    </Field>
  );
  const number = (key: "typebotExpires" | "typebotDelayMessage") => (
    <Field id={`integration-${key}`} label={t(`queueIntegrations.dialog.${key}`)} error={errors[key]}>
      <Input id={`integration-${key}`} type="number" min={0} value={String(value[key])} onChange={(e) => set(key, Number(e.target.value))} invalid={!!errors[key]} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="grid gap-4 sm:grid-cols-2">
        <Field id="integration-type" label={t("queueIntegrations.dialog.type")} error={errors.type}>
          <Select id="integration-type" value={value.type} onValueChange={(v) => set("type", v as IntegrationType)} options={TYPES.map((type) => ({ value: type, label: t(`queueIntegrations.types.${type}`) }))} />
        </Field>
        {text("name", { autoFocus: true })}
        {value.type === "dialogflow" ? (
          <>
            <Field id="integration-language" label={t("queueIntegrations.dialog.language")}>
              <Select id="integration-language" value={value.language} onValueChange={(v) => set("language", v)} options={LANGUAGES.map((l) => ({ value: l, label: t(`queueIntegrations.languages.${l}`) }))} />
            </Field>
            {text("projectName")}
            <Field
              id="integration-jsonContent"
              label={t("queueIntegrations.dialog.jsonContent")}
              error={errors.jsonContent}
              hint={integration?.hasJsonContent ? t("queueIntegrations.dialog.jsonContentKeep") : undefined}
              className="sm:col-span-2"
            >
              <textarea
                id="integration-jsonContent"
                rows={6}
                value={value.jsonContent}
                onChange={(e) => set("jsonContent", e.target.value)}
                className={`${textareaClasses} font-mono text-xs`}
                aria-invalid={!!errors.jsonContent || undefined}
                spellCheck={false}
              />
            </Field>
            <DialogflowTest id={integration?.id} projectName={value.projectName} jsonContent={value.jsonContent} language={value.language} />
          </>
        ) : (
          <>
            <div className="sm:col-span-2">{text("urlN8N", { type: "url", placeholder: "https://" })}</div>
            {value.type === "typebot" ? (
              <>
                {text("typebotSlug")}
                {number("typebotExpires")}
                {number("typebotDelayMessage")}
                {TEXT_FIELDS.map((key) => (
                  <div key={key}>{text(key)}</div>
                ))}
              </>
            ) : null}
          </>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={saving}>
          {t("common.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
