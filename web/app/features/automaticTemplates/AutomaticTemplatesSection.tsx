import { useInputControl, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AutomaticTemplateView, TemplateParamSource } from "../../../../worker/contracts/automaticTemplates";
import type { TemplateView } from "../../../../worker/contracts/whatsappTemplates";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Skeleton } from "../../components/ui/Spinner";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { listAutomaticTemplates, saveAutomaticTemplates } from "./api";
import {
  automaticTemplatesFormSchema,
  defaultParams,
  formValueOf,
  NO_TEMPLATE,
  PARAM_SOURCES,
  payloadOf,
  previewOf,
  type AutomaticTemplatesForm,
} from "./schema";
import "./texts";

/**
 * A Cloud API connection's templates for the product's own messages once a customer's 24-hour window has closed
 * (ADR 0050): per purpose (greeting, rating, schedules…) an approved template and where each of its values comes from.
 * `templates` are the connection's approved ones, as the templates page has them.
 */
export function AutomaticTemplatesSection({
  connectionId,
  templates,
  templatesLoaded,
}: {
  connectionId: number;
  templates: TemplateView[];
  templatesLoaded: boolean;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ status: "loading" } | { status: "failed"; message: string } | { status: "loaded"; uses: AutomaticTemplateView[] }>({
    status: "loading",
  });

  const load = useCallback(
    (signal?: AbortSignal) => {
      setState({ status: "loading" });
      listAutomaticTemplates(connectionId, signal).then(
        (uses) => setState({ status: "loaded", uses }),
        (err: unknown) => {
          if (!signal?.aborted) setState({ status: "failed", message: errorMessage(err, t) });
        },
      );
    },
    [connectionId, t],
  );
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <section aria-labelledby="automatic-templates-title" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div>
        <h2 id="automatic-templates-title" className="text-base font-semibold">
          {t("automaticTemplates.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("automaticTemplates.intro")}</p>
      </div>
      {state.status === "loading" || !templatesLoaded ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : state.status === "failed" ? (
        <div role="alert" className="flex items-center justify-between gap-3 text-sm text-danger">
          <span>
            {t("automaticTemplates.loadFailed")} {state.message}
          </span>
          <Button variant="secondary" size="sm" onClick={() => load()}>
            {t("automaticTemplates.retry")}
          </Button>
        </div>
      ) : (
        <>
          {templates.length === 0 ? <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">{t("automaticTemplates.noApproved")}</p> : null}
          <AutomaticTemplatesForm
            key={JSON.stringify(state.uses)}
            connectionId={connectionId}
            templates={templates}
            defaultValue={formValueOf(state.uses)}
            onSaved={(uses) => setState({ status: "loaded", uses })}
          />
        </>
      )}
    </section>
  );
}

function AutomaticTemplatesForm({
  connectionId,
  templates,
  defaultValue,
  onSaved,
}: {
  connectionId: number;
  templates: TemplateView[];
  defaultValue: AutomaticTemplatesForm;
  onSaved: (uses: AutomaticTemplateView[]) => void;
}) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `automatic-templates-${connectionId}`,
    schema: automaticTemplatesFormSchema,
    defaultValue,
    fields: (name) => name.startsWith("uses"),
    async save(value) {
      const saved = await saveAutomaticTemplates(connectionId, payloadOf(value));
      toast.success(t("automaticTemplates.saved"));
      onSaved(saved);
    },
  });
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-line">
        {fields.uses.getFieldList().map((row) => (
          <PurposeRow key={row.key} form={form} row={row} templates={templates} />
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {t("automaticTemplates.save")}
        </Button>
      </div>
    </form>
  );
}

type Row = FieldMetadata<AutomaticTemplatesForm["uses"][number]>;

function PurposeRow({ form, row, templates }: { form: FormMetadata<AutomaticTemplatesForm>; row: Row; templates: TemplateView[] }) {
  const { t } = useTranslation();
  const use = row.getFieldset();
  const purpose = use.purpose.value as AutomaticTemplatesForm["uses"][number]["purpose"];
  const templateId = useInputControl(use.templateId);
  const chosen = templates.find((x) => String(x.id) === templateId.value);
  const params = use.params.getFieldList();
  const values = (use.params.value ?? []) as Partial<TemplateParamSource>[];
  const error = use.templateId.errors?.[0] ?? use.params.errors?.[0];
  const labelOf = (source: TemplateParamSource["source"]) => t(`automaticTemplates.sources.${source}`);

  return (
    <li className="flex flex-col gap-3 py-3 md:flex-row md:items-start md:gap-6">
      <input type="hidden" name={use.purpose.name} value={purpose} />
      <div className="min-w-0 md:w-64 md:shrink-0">
        <p id={`${use.templateId.id}-label`} className="text-sm font-medium">
          {t(`automaticTemplates.purposes.${purpose}.label`)}
        </p>
        <p className="text-xs text-subtle">{t(`automaticTemplates.purposes.${purpose}.hint`)}</p>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Select
          id={use.templateId.id}
          value={templateId.value ?? NO_TEMPLATE}
          onValueChange={(value) => {
            templateId.change(value);
            const next = templates.find((x) => String(x.id) === value);
            form.update({
              name: use.params.name,
              value: defaultParams(next?.variables ?? 0),
            });
          }}
          options={[
            { value: NO_TEMPLATE, label: t("automaticTemplates.none") },
            ...templates.map((x) => ({
              value: String(x.id),
              label: `${x.name} (${x.language})`,
            })),
          ]}
          invalid={!!error}
          aria-label={`${t(`automaticTemplates.purposes.${purpose}.label`)}: ${t("automaticTemplates.template")}`}
          aria-describedby={describedBy(use.templateId.id, error)}
        />
        {error ? (
          <p id={`${use.templateId.id}-error`} role="alert" className="text-xs font-medium text-danger">
            {error}
          </p>
        ) : null}
        {chosen ? params.map((param, i) => <ParamRow key={param.key} param={param} n={i + 1} labelOf={labelOf} />) : null}
        {chosen ? (
          <p className="whitespace-pre-wrap rounded-lg bg-surface-2 px-3 py-2 text-sm" aria-label={t("automaticTemplates.preview")}>
            {previewOf(chosen.body, values, labelOf)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ParamRow({ param, n, labelOf }: { param: FieldMetadata<TemplateParamSource>; n: number; labelOf: (source: TemplateParamSource["source"]) => string }) {
  const { t } = useTranslation();
  const fieldset = param.getFieldset() as unknown as {
    source: FieldMetadata<string>;
    text: FieldMetadata<string>;
  };
  const source = useInputControl(fieldset.source);
  const textError = fieldset.text.errors?.[0];
  const label = t("automaticTemplates.variable", { n: `{{${n}}}` });
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <span className="w-28 shrink-0 pt-2 text-xs font-medium text-muted">{label}</span>
      <Select
        id={fieldset.source.id}
        className="sm:w-56"
        value={source.value ?? "message"}
        onValueChange={source.change}
        options={PARAM_SOURCES.map((value) => ({
          value,
          label: labelOf(value),
        }))}
        aria-label={label}
      />
      {source.value === "text" ? (
        <Field id={fieldset.text.id} label={<span className="sr-only">{t("automaticTemplates.fixedText", { n })}</span>} error={textError} className="flex-1">
          <Input
            id={fieldset.text.id}
            name={fieldset.text.name}
            key={fieldset.text.key}
            defaultValue={fieldset.text.initialValue}
            placeholder={labelOf("text")}
            invalid={!!textError}
            aria-describedby={describedBy(fieldset.text.id, textError)}
          />
        </Field>
      ) : null}
    </div>
  );
}
