import { type FieldMetadata, type FieldName, type FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TICKET_PRIORITIES, type AutomationAction, type AutomationActionType } from "../../../../worker/contracts/automation/actions";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { QueueSelect, useQueueIdsControl } from "../users/QueueSelect";
import type { ActionLookups } from "./lookups";
import { SelectField } from "../../components/form/SelectField";
import "./texts";

type Meta<T> = FieldMetadata<T, Record<string, unknown>, string[]>;
type AnyField = Meta<string | undefined>;
type RowField = Meta<Record<string, unknown> | undefined>;
/** An action row's fields: the union of every type's (each row shows its type's own). */
interface ActionFieldset {
  type: AnyField;
  userId: AnyField;
  queueId: AnyField;
  tagIds: Meta<string[] | undefined>;
  body: AnyField;
  templateId: AnyField;
  params: Meta<string[] | undefined>;
  label: AnyField;
  priority: AnyField;
}

/** A new row's value as conform holds it (text): its type, and a template's empty variables. */
const newAction = (type: AutomationActionType): Record<string, string | string[]> => (type === "sendTemplate" ? { type, params: [] } : { type });

/** Whether a form field name is the actions list or inside it (for useContractForm's `fields`: the server's `actions.1.queueId`). */
export const isActionsField = (name: string) => name === "actions" || name.startsWith("actions[");

/**
 * The actions of a rule or a macro (issue 26): a list in order, each row its type's fields with the right picker,
 * added from a menu of the offered `types`, moved up and down and removed; a conform field list, so the form holds
 * the values and the server's errors (`actions.1.queueId`) land under their inputs.
 *
 * Use: the form's schema holds `actions: automationActions` (or the macros' list), useContractForm's `fields` takes
 * `isActionsField`, and `<ActionsEditor form={form} meta={fields.actions} types={TYPES} lookups={useActionLookups(TYPES)} />`;
 * `describeAction` (describeAction.ts) says an action in one line with the same lookups.
 */
export function ActionsEditor({
  form,
  meta,
  types,
  lookups,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form holding an actions list
  form: FormMetadata<any, string[]>;
  /** The form's actions field (a rule's or a macro's list: their action types differ, the editor reads what both have). */
  meta: { id: string; name: string; errors?: string[]; getFieldList: () => unknown[] };
  types: readonly AutomationActionType[];
  lookups: ActionLookups;
}) {
  const { t } = useTranslation();
  const rows = meta.getFieldList() as RowField[];
  const listError = meta.errors?.[0];
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={listError ? `${meta.id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{t("automationActions.actions")}</legend>
      {rows.length === 0 ? <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-subtle">{t("automationActions.none")}</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <ActionRow
            key={row.key}
            row={row}
            index={index}
            last={index === rows.length - 1}
            lookups={lookups}
            onMove={(to) => form.reorder({ name: meta.name, from: index, to })}
            onRemove={() => form.remove({ name: meta.name, index })}
            form={form}
          />
        ))}
      </ol>
      {listError ? (
        <p id={`${meta.id}-error`} role="alert" className="text-xs font-medium text-danger">
          {listError}
        </p>
      ) : null}
      {rows.length < 10 ? (
        <Menu>
          <MenuTrigger asChild>
            <Button type="button" variant="outline" size="sm" className="self-start">
              <Plus className="size-4" aria-hidden />
              {t("automationActions.add")}
            </Button>
          </MenuTrigger>
          <MenuContent align="start">
            {types.map((type) => (
              <MenuItem key={type} onSelect={() => form.insert({ name: meta.name as FieldName<Record<string, string | string[]>[]>, defaultValue: newAction(type) })}>
                {t(`automationActions.types.${type}`)}
              </MenuItem>
            ))}
          </MenuContent>
        </Menu>
      ) : null}
    </fieldset>
  );
}

function ActionRow({
  form,
  row,
  index,
  last,
  lookups,
  onMove,
  onRemove,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ActionsEditor
  form: FormMetadata<any, string[]>;
  row: RowField;
  index: number;
  last: boolean;
  lookups: ActionLookups;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const fields = row.getFieldset() as unknown as ActionFieldset;
  const type = (fields.type.value ?? fields.type.initialValue) as AutomationActionType;
  const rowError = row.errors?.[0];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3" aria-label={t("automationActions.step", { n: index + 1 })}>
      <input type="hidden" name={fields.type.name} value={type} />
      <div className="flex items-center gap-2">
        <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold text-muted" aria-hidden>
          {index + 1}
        </span>
        <p className="min-w-0 flex-1 truncate text-sm font-semibold">{t(`automationActions.types.${type}`)}</p>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={t("automationActions.moveUp")} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUp className="size-4" aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={t("automationActions.moveDown")} disabled={last} onClick={() => onMove(index + 1)}>
          <ArrowDown className="size-4" aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon-sm" aria-label={t("automationActions.remove")} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
      <ActionFields form={form} type={type} fields={fields} lookups={lookups} />
      {rowError ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {rowError}
        </p>
      ) : null}
    </li>
  );
}

function ActionFields({
  form,
  type,
  fields,
  lookups,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ActionsEditor
  form: FormMetadata<any, string[]>;
  type: AutomationActionType;
  fields: ActionFieldset;
  lookups: ActionLookups;
}) {
  const { t } = useTranslation();
  switch (type) {
    case "assignAgent":
      return <SelectField placeholder={t("automationActions.fields.choose")} meta={fields.userId} label={t("automationActions.fields.agent")} options={lookups.users.map((u) => ({ value: String(u.id), label: u.name }))} />;
    case "assignQueue":
      return <SelectField placeholder={t("automationActions.fields.choose")} meta={fields.queueId} label={t("automationActions.fields.queue")} options={lookups.queues.map((q) => ({ value: String(q.id), label: q.name }))} />;
    case "addTags":
    case "removeTags":
      return <PickTags meta={fields.tagIds} lookups={lookups} />;
    case "addNote":
      return <TextField meta={fields.body} label={t("automationActions.fields.note")} multiline />;
    case "sendMessage":
      return <TextField meta={fields.body} label={t("automationActions.fields.message")} hint={t("automationActions.fields.messageHint", { variable: "{nome}" })} multiline />;
    case "sendTemplate":
      return <PickTemplate form={form} fields={fields} lookups={lookups} />;
    case "close":
      return <p className="text-xs text-subtle">{t("automationActions.fields.closeHint")}</p>;
    case "sendWebhookEvent":
      return <TextField meta={fields.label} label={t("automationActions.fields.label")} />;
    case "setPriority":
      return (
        <SelectField placeholder={t("automationActions.fields.choose")}
          meta={fields.priority}
          label={t("automationActions.fields.priority")}
          options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`automationActions.priorities.${p}`) }))}
        />
      );
  }
}


function PickTags({ meta, lookups }: { meta: ActionFieldset["tagIds"]; lookups: ActionLookups }) {
  const { t } = useTranslation();
  const control = useQueueIdsControl(meta);
  const error = meta.errors?.[0];
  return (
    <Field id={meta.id} label={t("automationActions.fields.tags")} error={error}>
      <QueueSelect
        id={meta.id}
        queues={lookups.tags}
        control={control}
        invalid={!!error}
        texts={{ placeholder: t("automationActions.fields.tagsPlaceholder"), empty: t("automationActions.fields.tagsEmpty"), label: t("automationActions.fields.tags") }}
      />
    </Field>
  );
}

function TextField({ meta, label, hint, multiline }: { meta: AnyField; label: string; hint?: string; multiline?: boolean }) {
  const error = meta.errors?.[0];
  const common = {
    id: meta.id,
    name: meta.name,
    defaultValue: meta.initialValue as string | undefined,
    "aria-invalid": !!error || undefined,
    "aria-describedby": describedBy(meta.id, error, hint),
  };
  return (
    <Field id={meta.id} label={label} error={error} hint={hint}>
      {multiline ? <textarea key={meta.key} rows={3} className={textareaClasses} {...common} /> : <Input key={meta.key} {...common} invalid={!!error} />}
    </Field>
  );
}

function PickTemplate({
  form,
  fields,
  lookups,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ActionsEditor
  form: FormMetadata<any, string[]>;
  fields: ActionFieldset;
  lookups: ActionLookups;
}) {
  const { t } = useTranslation();
  const chosen = lookups.templates.find((tpl) => String(tpl.id) === String(fields.templateId.value ?? ""));
  const params = fields.params.getFieldList();
  if (lookups.templates.length === 0 && !fields.templateId.value) return <p className="text-xs text-subtle">{t("automationActions.fields.templatesEmpty")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <SelectField placeholder={t("automationActions.fields.choose")}
        meta={fields.templateId}
        label={t("automationActions.fields.template")}
        options={lookups.templates.map((tpl) => ({ value: String(tpl.id), label: `${tpl.connectionName} · ${tpl.name} (${tpl.language})` }))}
        onPicked={(id) => {
          const next = lookups.templates.find((tpl) => String(tpl.id) === id);
          form.update({ name: fields.params.name, value: Array.from({ length: next?.variables ?? 0 }, () => "") });
        }}
      />
      {chosen ? <p className="whitespace-pre-wrap rounded-lg bg-surface px-3 py-2 text-sm">{chosen.body}</p> : null}
      {params.map((param, i) => (
        <TextField key={param.key} meta={param} label={t("automationActions.fields.param", { n: `{{${i + 1}}}` })} />
      ))}
    </div>
  );
}
