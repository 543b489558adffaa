/**
 * How to write a form (issue 23 §2: one form style):
 *
 * 1. Rules come from the server's contract: import the field schemas from `worker/contracts/<domain>.ts` (lengths,
 *    required, formats live there only) and build the form's schema from them — `createTagInput.pick({ name: true })`,
 *    or `z.object({ name: campaignName, ... })` with the contract's exported fields. Add only what is the page's own
 *    (a confirm-password, a choice that is UI only), with a translation key as its message ("tags.validation.color").
 *    Conform reads every input as text (empty is absent), so a number or a boolean takes `z.coerce` or a checkbox.
 * 2. `const { form, fields, saving } = useContractForm({ id, schema, defaultValue, fields: [...names], save })`:
 *    client checks run on blur and again as the user types; their messages, and the messages the server answers
 *    for the same fields, come out translated through the one map (lib/form-errors.ts), with `messages` for a
 *    form whose spec gives a text of its own (`{ name: { tooShort: "tags.validation.tooShort" } }`).
 * 3. `save(value)` makes the call and does what follows a success (toast, onSaved, close). If it throws, errors the
 *    server ties to the form's fields (and `codeFields`: a conflict code that belongs under a field) show under
 *    them; anything else is a toast. `saving` is true meanwhile.
 * 4. Render `<form id={form.id} onSubmit={form.onSubmit} noValidate>` (in a dialog: `<DialogForm form={form} ...>`)
 *    with inputs named `fields.x.name`, `defaultValue={fields.x.initialValue}`, and `fields.x.errors?.[0]` under
 *    each. No field value lives in useState: a control conform cannot see (a Radix select, a switch) writes a
 *    hidden input, or is driven with `form.update` / `useInputControl` (SwitchInput). A list's rows are added and removed
 *    with `onClick={() => form.insert(...)}` / `form.remove(...)`, not submit buttons (Enter must still save).
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { toastError } from "../../lib/errors";
import { fieldErrorsFrom, translateSubmission, type FieldMessageOverrides } from "../../lib/form-errors";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform types a form's values as a record of anything
type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>;

export interface ContractFormOptions<Schema extends FormSchema> {
  /** The form's id: unique on the page (a dialog's form per row: `tag-form-${id}`). */
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** The form's field names, for the server's field errors (others go to a toast). */
  fields: string[] | ((name: string) => boolean);
  /** Conflict codes that belong under a field ({ ERR_DUPLICATED_TAG: "name" }). */
  codeFields?: Record<string, string>;
  /** Server field names with no input of their own, mapped to the closest input ({ queues: "queueIds" }). */
  aliases?: Record<string, string>;
  /** Per field, the form's own texts for messages of the vocabulary (spec texts of one form). */
  messages?: Record<string, FieldMessageOverrides>;
  /** When checks run; the default is on blur, then again on each input. */
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  /** The call and what follows success; throwing shows the error. */
  save: (value: z.output<Schema>) => Promise<unknown> | unknown;
}

export function useContractForm<Schema extends FormSchema>(options: ContractFormOptions<Schema>) {
  const { t } = useTranslation();
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [saving, setSaving] = useState(false);
  const messagesOf = (field: string) => options.messages?.[field];

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => translateSubmission(parseWithZod(formData, { schema: options.schema }), t, messagesOf),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSaving(true);
      try {
        await options.save(submission.value);
      } catch (err) {
        const fieldErrors = fieldErrorsFrom(err, t, options.fields, options.codeFields, options.aliases, messagesOf);
        if (fieldErrors) setLastResult(submission.reply({ fieldErrors }));
        else toastError(err);
      } finally {
        setSaving(false);
      }
    },
  });
  return { form, fields, saving };
}
