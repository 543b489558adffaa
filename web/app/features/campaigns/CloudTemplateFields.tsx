import { useInputControl, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Info } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CampaignTemplate, TemplateParamSource } from "../../../../worker/contracts/campaigns";
import type { TemplateView } from "../../../../worker/contracts/whatsappTemplates";
import { Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toastError } from "../../lib/errors";
import { listContactListItems } from "../contactLists/api";
import type { ContactListItemRow } from "../contactLists/types";
import { listTemplates } from "../tickets/chat/api";

/** A variable's row in the form: where its value comes from ("contact:name", "list", "extra", "text") and the name or text that goes with it. */
export type ParamRow = { kind?: string; text?: string };
const KINDS = ["contact:name", "contact:number", "contact:email", "extra", "list", "text"] as const;
/** Each kind's text key (i18next reads ":" as a namespace, so the kinds are not keys themselves). */
const SOURCE_TEXT = { "contact:name": "contactName", "contact:number": "contactNumber", "contact:email": "contactEmail", extra: "extra", list: "list", text: "text" } as const satisfies Record<(typeof KINDS)[number], string>;
/** The kinds that need a name or a text beside them. */
const WITH_TEXT: Record<string, "extraName" | "listKey" | "textValue"> = { extra: "extraName", list: "listKey", text: "textValue" };

/** A row of the form as the API takes it. */
export function paramSourceOf(row: ParamRow): TemplateParamSource {
  const text = (row.text ?? "").trim();
  if (row.kind === "extra") return { source: "extra", name: text };
  if (row.kind === "list") return { source: "list", key: text };
  if (row.kind === "text") return { source: "text", value: text };
  const field = row.kind?.split(":")[1];
  return { source: "contact", field: field === "number" || field === "email" ? field : "name" };
}

/** The campaign's sources as the form's rows. */
export function paramRowsOf(template: CampaignTemplate | null | undefined): ParamRow[] {
  return (template?.params ?? []).map((p) =>
    p.source === "contact" ? { kind: `contact:${p.field}`, text: "" } : p.source === "extra" ? { kind: "extra", text: p.name } : p.source === "list" ? { kind: "list", text: p.key } : { kind: "text", text: p.value },
  );
}

/** Whether a row lacks the name or text its kind needs. */
export const rowMissingText = (row: ParamRow) => !!row.kind && row.kind in WITH_TEXT && !(row.text ?? "").trim();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata of a form's schema
type Any = any;

/**
 * A Cloud API campaign's message (issue 24 §3): an approved template of the connection, each {{n}} of its body
 * taken from a contact field, a list column, a custom field or a fixed text, what an empty value becomes, and the
 * template filled with example values as it will read.
 */
export function CloudTemplateFields({
  form,
  connectionId,
  contactListId,
  templateId: templateMeta,
  params: paramsMeta,
  fallback: fallbackMeta,
  disabled,
}: {
  form: FormMetadata<Any, string[]>;
  connectionId: number;
  /** The audience's contact list, whose first contact fills the preview (example values otherwise). */
  contactListId: number | null;
  templateId: FieldMetadata<string | undefined, Any, string[]>;
  params: FieldMetadata<ParamRow[], Any, string[]>;
  fallback: FieldMetadata<string | undefined, Any, string[]>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setTemplates(null);
    listTemplates(connectionId, abort.signal)
      .then((all) => setTemplates(all.filter((x) => x.status === "APPROVED")))
      .catch((err) => {
        if (!abort.signal.aborted) toastError(err);
      });
    return () => abort.abort();
  }, [connectionId]);
  const [first, setFirst] = useState<ContactListItemRow | null>(null);
  useEffect(() => {
    setFirst(null);
    if (!contactListId) return;
    let current = true;
    listContactListItems(contactListId, { searchParam: "", pageNumber: 1 }).then((page) => current && setFirst(page.items[0] ?? null), toastError);
    return () => {
      current = false;
    };
  }, [contactListId]);
  const templateId = useInputControl({ name: templateMeta.name, formId: form.id });
  const chosen = templates?.find((x) => String(x.id) === templateId.value);
  const rows = paramsMeta.getFieldList();
  const choose = (value: string) => {
    templateId.change(value);
    const next = templates?.find((x) => String(x.id) === value);
    form.update({ name: paramsMeta.name, value: Array.from({ length: next?.variables ?? 0 }, (_, i) => ({ kind: i === 0 ? "contact:name" : "text", text: "" })) });
  };
  const fallback = (fallbackMeta.value ?? "").trim() || t("campaigns.dialog.cloud.fallbackDefault");
  // What the dispatch would put in, for the list's first contact (a custom field of the contact is not at hand: its name shows).
  const example = (row: ParamRow) => {
    const text = (row.text ?? "").trim();
    if (row.kind?.startsWith("contact:")) {
      const field = row.kind.slice(8) as "name" | "number" | "email";
      return first ? first[field]?.trim() || fallback : t(`campaigns.dialog.cloud.example.${field}`);
    }
    if (row.kind === "text") return text || fallback;
    if (row.kind === "list" && first && text) return Object.entries(first.variables ?? {}).find(([k]) => k.toLowerCase() === text.toLowerCase())?.[1]?.trim() || fallback;
    return text ? `[${text}]` : fallback;
  };
  const values = rows.map((r) => example((r.value ?? {}) as ParamRow));
  const error = templateMeta.errors?.[0] ?? paramsMeta.errors?.[0];

  return (
    <div className="space-y-4" data-testid="cloud-template">
      <p className="flex items-start gap-2 rounded-xl bg-surface-2 px-3 py-2 text-sm text-muted" role="note">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t("campaigns.dialog.cloud.hint")}
      </p>
      {templates === null ? (
        <p className="text-sm text-muted">{t("campaigns.dialog.cloud.loading")}</p>
      ) : templates.length === 0 ? (
        <p className="text-sm text-muted" data-testid="no-templates">
          {t("campaigns.dialog.cloud.none")}
        </p>
      ) : (
        <Field id={templateMeta.id} label={t("campaigns.dialog.cloud.template")} error={error}>
          <Select
            id={templateMeta.id}
            value={chosen ? String(chosen.id) : undefined}
            onValueChange={choose}
            placeholder={t("campaigns.dialog.cloud.choose")}
            options={templates.map((x) => ({ value: String(x.id), label: `${x.name} (${x.language})` }))}
            invalid={!!error}
            disabled={disabled}
          />
        </Field>
      )}
      {rows.length ? (
        <ul className="space-y-3">
          {rows.map((row, i) => (
            <VariableRow key={row.key} meta={row} formId={form.id} n={i + 1} disabled={disabled} />
          ))}
        </ul>
      ) : null}
      {chosen ? (
        <>
          <Field id={fallbackMeta.id} label={t("campaigns.dialog.cloud.fallback")} hint={t("campaigns.dialog.cloud.fallbackHint")} error={fallbackMeta.errors?.[0]}>
            <Input id={fallbackMeta.id} name={fallbackMeta.name} key={fallbackMeta.key} defaultValue={fallbackMeta.initialValue} maxLength={100} />
          </Field>
          <div className="rounded-md border border-line bg-surface-2 p-3 text-sm" aria-live="polite">
            <p className="mb-1 text-xs font-medium text-muted">{first ? t("campaigns.dialog.cloud.previewFirst", { name: first.name || first.number }) : t("campaigns.dialog.cloud.preview")}</p>
            {chosen.header ? <p className="font-semibold">{chosen.header}</p> : null}
            <p className="whitespace-pre-wrap" data-testid="template-preview">
              {chosen.body.replace(/\{\{(\d{1,2})\}\}/g, (whole, n) => values[Number(n) - 1] ?? whole)}
            </p>
            {chosen.footer ? <p className="mt-1 text-xs text-muted">{chosen.footer}</p> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

function VariableRow({ meta, formId, n, disabled }: { meta: FieldMetadata<ParamRow, Any, string[]>; formId: string; n: number; disabled: boolean }) {
  const { t } = useTranslation();
  const row = meta.getFieldset();
  const kind = useInputControl({ name: row.kind.name, formId, initialValue: row.kind.initialValue });
  const textLabel = WITH_TEXT[kind.value ?? ""];
  const textError = row.text.errors?.[0];
  return (
    <li className="grid gap-2 sm:grid-cols-[6rem_1fr_1fr] sm:items-end">
      <span className="text-sm font-medium sm:pb-2">{t("campaigns.dialog.cloud.variable", { n })}</span>
      <Field id={row.kind.id} label={t("campaigns.dialog.cloud.source")} error={row.kind.errors?.[0]}>
        <Select
          id={row.kind.id}
          value={kind.value || undefined}
          onValueChange={kind.change}
          options={KINDS.map((k) => ({ value: k, label: t(`campaigns.dialog.cloud.sources.${SOURCE_TEXT[k]}`) }))}
          invalid={!!row.kind.errors}
          disabled={disabled}
        />
      </Field>
      <div hidden={!textLabel}>
        <Field id={row.text.id} label={t(`campaigns.dialog.cloud.${textLabel ?? "textValue"}`)} error={textError}>
          <Input id={row.text.id} name={row.text.name} key={row.text.key} form={formId} defaultValue={row.text.initialValue} invalid={!!textError} />
        </Field>
      </div>
    </li>
  );
}
