import { type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CONDITION_FIELDS, type automationCondition, type ConditionField } from "../../../../worker/contracts/automation/rules";
import { USER_PROFILES } from "../../../../worker/contracts/users";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { QueueSelect, useQueueIdsControl } from "../users/QueueSelect";
import type { RuleLookups } from "./lookups";
import { SelectField } from "../../components/form/SelectField";
import { Select } from "../../components/ui/Select";
import "./texts";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;
type AnyField = Meta<string | undefined>;
type ListField = Meta<string[] | undefined>;
type FlagField = Meta<boolean | undefined>;
type RowField = Meta<Record<string, string | string[]> | undefined>;
/** A condition row's fields: the union of every field's (each row shows its own). */
interface ConditionFieldset {
  field: AnyField;
  op: AnyField;
  queueIds: ListField;
  none: FlagField;
  whatsappIds: ListField;
  tagId: AnyField;
  name: AnyField;
  value: AnyField;
  caseSensitive: FlagField;
  from: AnyField;
  to: AnyField;
  weekdays: ListField;
  profiles: ListField;
}

const MAX_CONDITIONS = 20;

/** What a condition on each field starts as when picked (as the form holds it: text). */
export const NEW_CONDITION: Record<ConditionField, Record<string, string | string[]>> = {
  queue: { field: "queue", op: "in", queueIds: [] },
  connection: { field: "connection", op: "in", whatsappIds: [] },
  tag: { field: "tag", op: "has" },
  contactField: { field: "contactField", op: "equals", name: "", value: "" },
  messageText: { field: "messageText", op: "contains", value: "" },
  timeOfDay: { field: "timeOfDay", from: "08:00", to: "18:00", weekdays: [] },
  assigneeProfile: { field: "assigneeProfile", profiles: [] },
};

const OPS: Partial<Record<ConditionField, string[]>> = {
  queue: ["in", "notIn"],
  connection: ["in", "notIn"],
  tag: ["has", "hasNot"],
  contactField: ["equals", "contains", "isSet", "isNotSet"],
  messageText: ["contains", "matches"],
};

/** Whether a form field name is the conditions list or inside it (the server's `conditions.0.queueIds`). */
export const isConditionsField = (name: string) => name === "conditions" || name.startsWith("conditions[");

/**
 * A rule's "if": every condition must hold. A conform field list: each row picks its field, then the field's own
 * picker (queues, connections, a tag, a contact field's name and value, the message's text, a time of day with
 * weekdays, the agent's profile); the server's errors (`conditions.1.queueIds`) land under their inputs.
 */
export function ConditionsEditor({
  form,
  meta,
  lookups,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rule form
  form: FormMetadata<any, string[]>;
  meta: FieldMetadata<z.input<typeof automationCondition>[] | undefined, Record<string, unknown>, string[]>;
  lookups: RuleLookups;
}) {
  const { t } = useTranslation();
  const rows = meta.getFieldList();
  return (
    <div className="flex flex-col gap-3">
      {rows.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <ConditionRow
              key={row.key}
              form={form}
              row={row as unknown as RowField}
              index={index}
              lookups={lookups}
              onRemove={() => form.remove({ name: meta.name, index })}
            />
          ))}
        </ol>
      ) : null}
      {rows.length < MAX_CONDITIONS ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => form.insert({ name: meta.name, defaultValue: NEW_CONDITION.messageText })}
        >
          <Plus className="size-4" aria-hidden />
          {t("automations.editor.addCondition")}
        </Button>
      ) : null}
    </div>
  );
}

function ConditionRow({
  form,
  row,
  index,
  lookups,
  onRemove,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rule form
  form: FormMetadata<any, string[]>;
  row: RowField;
  index: number;
  lookups: RuleLookups;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fields = row.getFieldset() as unknown as ConditionFieldset;
  const field = (fields.field.value ?? fields.field.initialValue ?? "messageText") as ConditionField;
  const ops = OPS[field];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3" aria-label={t("automations.editor.conditionN", { n: index + 1 })} data-testid="condition-row">
      <input type="hidden" name={fields.field.name} value={field} />
      <div className="flex items-end gap-2">
        <Field id={fields.field.id} label={t("automations.editor.field")} className="min-w-0 flex-1">
          <Select
            id={fields.field.id}
            value={field}
            onValueChange={(next) => form.update({ name: row.name, value: NEW_CONDITION[next as ConditionField] })}
            options={CONDITION_FIELDS.map((f) => ({ value: f, label: t(`automations.editor.fields.${f}`) }))}
          />
        </Field>
        <Button type="button" variant="ghost" size="icon" aria-label={t("automations.editor.removeCondition")} title={t("automations.editor.removeCondition")} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
      {ops ? <SelectField placeholder={t("automations.editor.choose")} meta={fields.op} label={t("automations.editor.op")} options={ops.map((op) => ({ value: op, label: t(`automations.editor.ops.${op}`) }))} /> : null}
      <ConditionFields field={field} fields={fields} lookups={lookups} />
    </li>
  );
}

function ConditionFields({ field, fields, lookups }: { field: ConditionField; fields: ConditionFieldset; lookups: RuleLookups }) {
  const { t } = useTranslation();
  const op = fields.op.value ?? fields.op.initialValue;
  switch (field) {
    case "queue":
      return (
        <>
          <PickMany meta={fields.queueIds} label={t("automations.editor.queues")} options={lookups.queues} placeholder={t("automations.editor.queuesPlaceholder")} empty={t("automations.editor.queuesEmpty")} />
          <Check meta={fields.none} label={t("automations.editor.noQueue")} />
        </>
      );
    case "connection":
      return (
        <PickMany
          meta={fields.whatsappIds}
          label={t("automations.editor.connections")}
          options={lookups.connections.map((c) => ({ id: c.id, name: c.name, color: "transparent" }))}
          placeholder={t("automations.editor.connectionsPlaceholder")}
          empty={t("automations.editor.connectionsEmpty")}
        />
      );
    case "tag":
      return <SelectField placeholder={t("automations.editor.choose")} meta={fields.tagId} label={t("automations.editor.tag")} options={lookups.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))} />;
    case "contactField":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Text meta={fields.name} label={t("automations.editor.fieldName")} />
          {op === "isSet" || op === "isNotSet" ? null : <Text meta={fields.value} label={t("automations.editor.value")} />}
        </div>
      );
    case "messageText":
      return (
        <>
          {op === "matches" ? (
            <Text meta={fields.value} label={t("automations.editor.pattern")} hint={t("automations.editor.patternHint")} mono />
          ) : (
            <Text meta={fields.value} label={t("automations.editor.text")} />
          )}
          <Check meta={fields.caseSensitive} label={t("automations.editor.caseSensitive")} />
        </>
      );
    case "timeOfDay":
      return (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Text meta={fields.from} label={t("automations.editor.from")} type="time" />
            <Text meta={fields.to} label={t("automations.editor.to")} type="time" />
          </div>
          <Weekdays meta={fields.weekdays} />
        </>
      );
    case "assigneeProfile":
      return (
        <>
          <Checks meta={fields.profiles} legend={t("automations.editor.profiles")} options={USER_PROFILES.map((p) => ({ value: p, label: t(`automations.profiles.${p}`) }))} />
          <Check meta={fields.none} label={t("automations.editor.noAssignee")} />
        </>
      );
  }
}


function PickMany({ meta, label, options, placeholder, empty }: { meta: ListField; label: string; options: { id: number; name: string; color: string }[]; placeholder: string; empty: string }) {
  const control = useQueueIdsControl(meta);
  const error = meta.errors?.[0];
  return (
    <Field id={meta.id} label={label} error={error}>
      <QueueSelect id={meta.id} queues={options} control={control} invalid={!!error} texts={{ placeholder, empty, label }} />
    </Field>
  );
}

function Text({ meta, label, hint, type = "text", mono }: { meta: AnyField; label: string; hint?: string; type?: string; mono?: boolean }) {
  const error = meta.errors?.[0];
  return (
    <Field id={meta.id} label={label} error={error} hint={hint}>
      <Input
        id={meta.id}
        name={meta.name}
        key={meta.key}
        type={type}
        defaultValue={meta.initialValue as string | undefined}
        invalid={!!error}
        spellCheck={mono ? false : undefined}
        className={cn(mono && "font-mono")}
        aria-describedby={describedBy(meta.id, error, hint)}
      />
    </Field>
  );
}

/** A checkbox of a boolean field ("on" when ticked, absent when not). */
function Check({ meta, label }: { meta: FlagField; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={meta.name} key={meta.key} defaultChecked={meta.initialValue === "on" || (meta.initialValue as unknown) === true} className="size-4 accent-brand" />
      {label}
    </label>
  );
}

/** Checkboxes of a list field: each ticked one's value is sent under the list's name. */
function Checks({ meta, legend, options, hint }: { meta: ListField; legend: string; options: { value: string; label: string }[]; hint?: string }) {
  const initial = new Set(([] as unknown[]).concat(meta.initialValue ?? []).map(String));
  const error = meta.errors?.[0];
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={describedBy(meta.id, error, hint)}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
            <input type="checkbox" name={meta.name} value={option.value} key={`${meta.key}-${option.value}`} defaultChecked={initial.has(option.value)} className="size-4 accent-brand" />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${meta.id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${meta.id}-hint`} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

function Weekdays({ meta }: { meta: ListField }) {
  const { t } = useTranslation();
  const names = t("automations.weekdays", { returnObjects: true }) as string[];
  return <Checks meta={meta} legend={t("automations.editor.weekdays")} hint={t("automations.editor.weekdaysHint")} options={names.map((label, day) => ({ value: String(day), label }))} />;
}
