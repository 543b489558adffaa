import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { Braces, Plus, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_HEADER_MEDIA, templateVariables, type TemplateView } from "../../../../../worker/contracts/whatsappTemplates";
import { DialogForm } from "../../../components/form/DialogForm";
import { FileField } from "../../../components/form/FileField";
import { useContractForm } from "../../../components/form/useContractForm";
import { Button } from "../../../components/ui/Button";
import { Dialog, DialogContent } from "../../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../../components/ui/Input";
import { Select } from "../../../components/ui/Select";
import { toast } from "../../../lib/toast";
import "../texts";
import { createTemplate, uploadTemplateExample } from "./api";
import { HEADER_KINDS, isMediaHeader, TEMPLATE_LANGUAGES, templateFormSchema, toTemplateInput, type HeaderKind } from "./schema";
import { TemplatePreview } from "./TemplatePreview";

const CATEGORIES = ["UTILITY", "MARKETING", "AUTHENTICATION"] as const;
const BUTTON_TYPES = ["QUICK_REPLY", "URL", "PHONE_NUMBER"] as const;
const MAX_BUTTONS = 10;
const isFormField = (name: string) =>
  ["name", "language", "category", "headerKind", "header", "headerFile", "body", "examples", "footer", "buttons", "headerMedia"].some((f) => name === f || name.startsWith(`${f}[`) || name.startsWith(`${f}.`));

/** "New template" of a Cloud API connection: its parts, checked as Meta checks them, and the message as the customer will see it. */
export function NewTemplateDialog({ whatsappId, open, onOpenChange, onCreated }: { whatsappId: number; open: boolean; onOpenChange: (open: boolean) => void; onCreated: (template: TemplateView) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("connections.templates.dialog.title")} size="lg" modalLock>
        {open ? <TemplateForm whatsappId={whatsappId} onCreated={onCreated} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ whatsappId, onCreated, onClose }: { whatsappId: number; onCreated: (template: TemplateView) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => templateFormSchema(i18n.language), [i18n.language]);
  const { form, fields, saving } = useContractForm({
    id: `template-form-${whatsappId}`,
    schema,
    defaultValue: { language: "pt_BR", category: "UTILITY", headerKind: "NONE", body: "", buttons: [] },
    fields: isFormField,
    aliases: { headerMedia: "headerFile", "headerMedia.handle": "headerFile" },
    async save(value) {
      // A media header's example goes to Meta first: the template names it by the handle Meta answers.
      const handle = isMediaHeader(value.headerKind) && value.headerFile ? (await uploadTemplateExample(whatsappId, value.headerKind, value.headerFile)).handle : undefined;
      onCreated(await createTemplate(whatsappId, toTemplateInput(value, handle)));
      toast.success(t("connections.templates.created"));
      onClose();
    },
  });
  const headerKind = useInputControl(fields.headerKind);
  const kind = (headerKind.value ?? "NONE") as HeaderKind;
  const body = typeof fields.body.value === "string" ? fields.body.value : "";
  const variables = templateVariables(body);
  const exampleValues = Array.isArray(fields.examples.value) ? (fields.examples.value as (string | undefined)[]) : [];
  const buttons = fields.buttons.getFieldList();
  const buttonValues = Array.isArray(fields.buttons.value) ? (fields.buttons.value as { type?: string; text?: string }[]) : [];
  const error = (name: "name" | "header" | "body" | "footer" | "examples") => fields[name].errors?.[0];
  const insertVariable = () => form.update({ name: fields.body.name, value: `${body}{{${(variables.at(-1) ?? 0) + 1}}}` });
  const pickedFile = fields.headerFile.value instanceof File ? fields.headerFile.value : null;

  const text = (name: "name" | "header" | "footer", label: string, hint?: string, maxLength?: number) => (
    <Field id={fields[name].id} label={label} error={error(name)} hint={hint}>
      <Input
        id={fields[name].id}
        name={fields[name].name}
        key={fields[name].key}
        defaultValue={fields[name].initialValue}
        maxLength={maxLength}
        autoComplete="off"
        invalid={!!error(name)}
        aria-describedby={describedBy(fields[name].id, error(name), hint)}
      />
    </Field>
  );

  return (
    <DialogForm form={form} saving={saving} editing={false} onCancel={onClose} submitLabel={t("connections.templates.dialog.submit")} className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_15rem]">
      <div className="flex min-w-0 flex-col gap-4">
        {text("name", t("connections.templates.dialog.name"), t("connections.templates.dialog.nameHint"), 512)}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.language.id} label={t("connections.templates.dialog.language")} error={fields.language.errors?.[0]}>
            <Select id={fields.language.id} name={fields.language.name} defaultValue={fields.language.initialValue as string} options={[...TEMPLATE_LANGUAGES]} />
          </Field>
          <Field id={fields.category.id} label={t("connections.templates.dialog.category")} error={fields.category.errors?.[0]}>
            <Select
              id={fields.category.id}
              name={fields.category.name}
              defaultValue={fields.category.initialValue as string}
              options={CATEGORIES.map((c) => ({ value: c, label: t(`connections.templates.category.${c}`) }))}
            />
          </Field>
        </div>
        <Field id={fields.headerKind.id} label={t("connections.templates.dialog.header")}>
          <Select id={fields.headerKind.id} value={kind} onValueChange={headerKind.change} options={HEADER_KINDS.map((k) => ({ value: k, label: t(`connections.templates.dialog.headerKind.${k}`) }))} />
        </Field>
        {kind === "TEXT" ? text("header", t("connections.templates.dialog.headerText"), undefined, 60) : null}
        {isMediaHeader(kind) ? (
          <FileField
            meta={fields.headerFile}
            remove={fields.headerFileRemove}
            current={null}
            label={t("connections.templates.dialog.headerFile")}
            hint={t("connections.templates.dialog.headerFileHint")}
            accept={TEMPLATE_HEADER_MEDIA[kind].types.join(",")}
            maxBytes={TEMPLATE_HEADER_MEDIA[kind].maxBytes}
          />
        ) : null}
        <Field id={fields.body.id} label={t("connections.templates.dialog.body")} error={error("body")} hint={t("connections.templates.dialog.bodyHint", { example: "{{1}}" })}>
          <textarea
            id={fields.body.id}
            name={fields.body.name}
            key={fields.body.key}
            defaultValue={fields.body.initialValue as string}
            rows={4}
            maxLength={1024}
            className={textareaClasses}
            aria-invalid={error("body") ? true : undefined}
            aria-describedby={describedBy(fields.body.id, error("body"), t("connections.templates.dialog.bodyHint", { example: "{{1}}" }))}
          />
        </Field>
        <div className="-mt-2">
          <Button type="button" size="sm" variant="outline" onClick={insertVariable}>
            <Braces className="size-3.5" aria-hidden />
            {t("connections.templates.dialog.addVariable")}
          </Button>
        </div>
        {variables.length > 0 ? (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-xs text-subtle">{t("connections.templates.dialog.examplesHint")}</legend>
            {variables.map((n, i) => {
              const name = `${fields.examples.name}[${i}]`;
              const id = `${fields.examples.id}-${i}`;
              const exampleError = form.allErrors[name]?.[0] ?? (i === 0 ? error("examples") : undefined);
              return (
                <Field key={n} id={id} label={t("connections.templates.dialog.example", { variable: `{{${n}}}` })} error={exampleError}>
                  <Input id={id} name={name} maxLength={200} autoComplete="off" invalid={!!exampleError} aria-describedby={describedBy(id, exampleError)} />
                </Field>
              );
            })}
          </fieldset>
        ) : null}
        {text("footer", t("connections.templates.dialog.footer"), undefined, 60)}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">{t("connections.templates.dialog.buttons")}</legend>
          {buttons.map((button, i) => (
            <ButtonRow key={button.key} meta={button} index={i} onRemove={() => form.remove({ name: fields.buttons.name, index: i })} />
          ))}
          {buttons.length < MAX_BUTTONS ? (
            <div>
              <Button type="button" size="sm" variant="outline" onClick={() => form.insert({ name: fields.buttons.name, defaultValue: { type: "QUICK_REPLY", text: "" } })}>
                <Plus className="size-3.5" aria-hidden />
                {t("connections.templates.dialog.addButton")}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </div>
      <div className="sm:sticky sm:top-0 sm:self-start">
        <TemplatePreview
          parts={{
            headerKind: kind,
            header: typeof fields.header.value === "string" ? fields.header.value : undefined,
            headerFileName: pickedFile?.name,
            body,
            examples: exampleValues,
            footer: typeof fields.footer.value === "string" ? fields.footer.value : undefined,
            buttons: buttonValues,
          }}
        />
      </div>
    </DialogForm>
  );
}

type ButtonFields = { type: string; text: string; url: string; phone_number: string };

/** One button: its kind, its text, and the link or number it opens. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row of the form's buttons list
function ButtonRow({ meta, index, onRemove }: { meta: FieldMetadata<Partial<ButtonFields> | undefined, any, string[]>; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const fields = meta.getFieldset();
  const type = useInputControl(fields.type);
  const current = type.value ?? "QUICK_REPLY";
  const input = (name: "text" | "url" | "phone_number", label: string, maxLength: number, inputMode?: "url" | "tel") => {
    const field = fields[name];
    const error = field.errors?.[0];
    return (
      <Field id={field.id} label={label} error={error}>
        <Input id={field.id} name={field.name} key={field.key} defaultValue={field.initialValue} maxLength={maxLength} inputMode={inputMode} autoComplete="off" invalid={!!error} aria-describedby={describedBy(field.id, error)} />
      </Field>
    );
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <div className="flex items-end gap-2">
        <Field id={fields.type.id} label={t("connections.templates.dialog.buttonKind", { n: index + 1 })} className="min-w-0 flex-1">
          <Select id={fields.type.id} value={current} onValueChange={type.change} options={BUTTON_TYPES.map((b) => ({ value: b, label: t(`connections.templates.dialog.buttonType.${b}`) }))} />
        </Field>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={t("connections.templates.dialog.removeButton", { n: index + 1 })} title={t("connections.templates.dialog.removeButton", { n: index + 1 })}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
      {input("text", t("connections.templates.dialog.buttonText"), 25)}
      {current === "URL" ? input("url", t("connections.templates.dialog.buttonUrl"), 2000, "url") : null}
      {current === "PHONE_NUMBER" ? input("phone_number", t("connections.templates.dialog.buttonPhone"), 20, "tel") : null}
    </div>
  );
}
