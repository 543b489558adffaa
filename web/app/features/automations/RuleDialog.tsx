import { useInputControl } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AUTOMATION_ACTION_TYPES } from "../../../../worker/contracts/automation/actions";
import { AUTOMATION_TRIGGERS, TIMED_TRIGGERS, createAutomationRuleInput, type AutomationTrigger } from "../../../../worker/contracts/automation/rules";
import { z } from "zod";
import { DialogForm } from "../../components/form/DialogForm";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toast } from "../../lib/toast";
import { ActionsEditor, isActionsField } from "../automationActions/ActionsEditor";
import { createRule, updateRule } from "./api";
import { ConditionsEditor, isConditionsField, NEW_CONDITION } from "./ConditionsEditor";
import type { RuleLookups } from "./lookups";
import type { RuleRow } from "./types";
import "./texts";

/** The rule's contract, with the switch read as a form sends it (absent when off, where the contract defaults to on). */
const ruleForm = createAutomationRuleInput.extend({ enabled: z.boolean().optional() });

/** The actions editor's field, typed by the actions' output where the form holds their input (a template's params may be absent). */
type ActionsMeta = Parameters<typeof ActionsEditor>[0]["meta"];

const isRuleField = (name: string) => name === "name" || name === "enabled" || name.startsWith("trigger") || isConditionsField(name) || isActionsField(name);

export interface RuleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The rule being edited; absent to write a new one. */
  rule: RuleRow | null;
  lookups: RuleLookups;
  onSaved: (rule: RuleRow, created: boolean) => void;
}

/** "Nova regra" and edit: the rule's name and switch, then Quando (the trigger), Se (the conditions), Então (the actions). */
export function RuleDialog({ open, onOpenChange, rule, lookups, onSaved }: RuleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={rule ? t("automations.editor.editTitle") : t("automations.editor.addTitle")} size="lg" modalLock>
        <RuleForm rule={rule} lookups={lookups} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RuleForm({ rule, lookups, onSaved, onClose }: Omit<RuleDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `rule-form-${rule?.id ?? "new"}`,
    schema: ruleForm,
    defaultValue: rule
      ? { name: rule.name, enabled: rule.enabled, trigger: rule.trigger, conditions: rule.conditions, actions: rule.actions }
      : { name: "", enabled: true, trigger: { type: "messageReceived" }, conditions: [NEW_CONDITION.messageText], actions: [] },
    fields: isRuleField,
    async save(value) {
      const input = { ...value, enabled: value.enabled === true };
      const saved = rule ? await updateRule(rule.id, input) : await createRule(input);
      toast.success(t(rule ? "automations.saved" : "automations.created"));
      onSaved(saved, !rule);
      onClose();
    },
  });
  const trigger = fields.trigger.getFieldset();
  const triggerType = useInputControl(trigger.type);
  const chosenTrigger = (triggerType.value || "messageReceived") as AutomationTrigger;
  const nameError = fields.name.errors?.[0];
  const minutesError = trigger.minutes.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing={!!rule} onCancel={onClose} className="flex flex-col gap-5">
      <div className="flex items-end gap-4">
        <Field id={fields.name.id} label={t("automations.editor.name")} error={nameError} className="min-w-0 flex-1">
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
            maxLength={120}
            autoComplete="off"
            autoFocus
            invalid={!!nameError}
            aria-describedby={describedBy(fields.name.id, nameError)}
          />
        </Field>
        <label htmlFor={fields.enabled.id} className="flex h-10 items-center gap-2 text-sm font-medium">
          <SwitchInput meta={fields.enabled} />
          {t("automations.editor.enabled")}
        </label>
      </div>
      <Section title={t("automations.editor.when")}>
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <Field id={trigger.type.id} label={t("automations.editor.trigger")} className={TIMED_TRIGGERS.includes(chosenTrigger) ? undefined : "sm:col-span-2"}>
            <Select
              id={trigger.type.id}
              value={chosenTrigger}
              onValueChange={triggerType.change}
              options={AUTOMATION_TRIGGERS.map((type) => ({ value: type, label: t(`automations.triggerOptions.${type}`) }))}
            />
          </Field>
          {TIMED_TRIGGERS.includes(chosenTrigger) ? (
            <Field id={trigger.minutes.id} label={t("automations.editor.minutes")} error={minutesError} hint={t("automations.editor.minutesHint")}>
              <Input
                id={trigger.minutes.id}
                name={trigger.minutes.name}
                key={trigger.minutes.key}
                defaultValue={trigger.minutes.initialValue ?? "30"}
                type="number"
                inputMode="numeric"
                min={1}
                invalid={!!minutesError}
                aria-describedby={describedBy(trigger.minutes.id, minutesError, t("automations.editor.minutesHint"))}
              />
            </Field>
          ) : null}
        </div>
      </Section>
      <Section title={t("automations.editor.if")} hint={t("automations.editor.ifHint")}>
        <ConditionsEditor form={form} meta={fields.conditions} lookups={lookups} />
      </Section>
      <Section title={t("automations.editor.then")}>
        <ActionsEditor form={form} meta={fields.actions as unknown as ActionsMeta} types={AUTOMATION_ACTION_TYPES} lookups={lookups} />
      </Section>
    </DialogForm>
  );
}

/** One of the editor's three parts, headed by its word (Quando, Se, Então). */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-line pt-4" aria-label={title}>
      <div>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-brand-text">{title}</h3>
        {hint ? <p className="text-xs text-subtle">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}
