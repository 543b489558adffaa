import { useTranslation } from "react-i18next";
import { z } from "zod";
import { planInput } from "../../../../worker/contracts/plans";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Field, Input } from "../../components/ui/Input";
import { toast } from "../../lib/toast";
import { createPlan, updatePlan, type Plan } from "./api";
import { PLAN_FLAGS } from "./model";

const NUMBERS = ["users", "connections", "queues", "value"] as const;
const SWITCHES = [...PLAN_FLAGS, "useInternal"] as const;

/** The API's rules; a switch turned off is absent from the form, so here it reads as off (the API's default is on). */
const off = z.boolean().default(false);
const planFormSchema = planInput.extend({ useSchedules: off, useCampaigns: off, useInternalChat: off, useExternalApi: off, useKanban: off, useOpenAi: off, useIntegrations: off, useInternal: off });

/** Creates or edits a plan: name, limits (users, connections, queues), monthly value and the feature flags. */
export function PlanDialog({
  open,
  plan,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  plan: Plan | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (plan: Plan) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={plan ? t("platform.plans.dialogEdit") : t("platform.plans.dialogCreate")} modalLock size="lg">
        <PlanForm plan={plan} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({ plan, onSaved, onClose }: { plan: Plan | null; onSaved: (plan: Plan) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `plan-form-${plan?.id ?? "new"}`,
    schema: planFormSchema,
    defaultValue: {
      name: plan?.name ?? "",
      users: String(plan?.users ?? 1),
      connections: String(plan?.connections ?? 1),
      queues: String(plan?.queues ?? 1),
      value: String(plan?.value ?? 0),
      ...Object.fromEntries(SWITCHES.map((flag) => [flag, (plan?.[flag] ?? true) ? "on" : ""])),
    },
    shouldValidate: "onSubmit",
    fields: ["name", ...NUMBERS],
    codeFields: { ERR_PLAN_NAME_IN_USE: "name" },
    async save(input) {
      const saved = plan ? await updatePlan(plan.id, input) : await createPlan(input);
      toast.success(t("platform.saved"));
      onSaved(saved);
      onClose();
    },
  });
  const nameError = fields.name.errors?.[0];

  return (
        <form id={form.id} onSubmit={form.onSubmit} noValidate>
          <DialogBody className="space-y-4">
            <Field id={fields.name.id} label={t("platform.plans.name")} error={nameError}>
              <Input id={fields.name.id} name={fields.name.name} key={fields.name.key} defaultValue={fields.name.initialValue} invalid={!!nameError} maxLength={100} />
            </Field>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {NUMBERS.map((key) => {
                const meta = fields[key];
                const error = meta.errors?.[0];
                return (
                  <Field key={key} id={meta.id} label={t(`platform.plans.${key}`)} error={error}>
                    <Input
                      id={meta.id}
                      name={meta.name}
                      type="number"
                      inputMode={key === "value" ? "decimal" : "numeric"}
                      min={0}
                      step={key === "value" ? "0.01" : "1"}
                      defaultValue={meta.initialValue}
                      invalid={!!error}
                    />
                  </Field>
                );
              })}
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t("platform.plans.columns.flags")}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {SWITCHES.map((flag) => (
                  <div key={flag} className="flex items-center gap-2">
                    <SwitchInput meta={fields[flag]} />
                    <label htmlFor={fields[flag].id} className="text-sm">
                      {flag === "useInternal" ? t("platform.plans.public") : t(`platform.plans.flags.${flag}`)}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </DialogBody>
          <FormDialogFooter saving={saving} editing={!!plan} onCancel={onClose} />
        </form>
  );
}
