import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Field, Input } from "../../components/ui/Input";
import { Switch } from "../../components/ui/Switch";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { createPlan, updatePlan, type Plan, type PlanInput } from "./api";
import { PLAN_FLAGS } from "./model";

type Draft = Omit<PlanInput, "users" | "connections" | "queues" | "value"> & { users: string; connections: string; queues: string; value: string };

const emptyDraft = (): Draft => ({
  name: "",
  users: "1",
  connections: "1",
  queues: "1",
  value: "0",
  useSchedules: true,
  useCampaigns: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useInternal: true,
});

const NUMBERS = ["users", "connections", "queues", "value"] as const;

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
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(
      plan
        ? {
            ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f]])),
            name: plan.name,
            useInternal: plan.useInternal,
            users: String(plan.users),
            connections: String(plan.connections),
            queues: String(plan.queues),
            value: String(plan.value),
          } as Draft
        : emptyDraft(),
    );
    setErrors({});
  }, [open, plan]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found.name = t("validation.required");
    for (const key of NUMBERS) {
      const n = Number(draft[key]);
      if (draft[key].trim() === "" || !Number.isFinite(n) || n < 0 || (key !== "value" && !Number.isInteger(n))) found[key] = t("validation.invalid");
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const input: PlanInput = { ...draft, name: draft.name.trim(), users: Number(draft.users), connections: Number(draft.connections), queues: Number(draft.queues), value: Number(draft.value) };
    setSaving(true);
    try {
      const saved = plan ? await updatePlan(plan.id, input) : await createPlan(input);
      toast.success(t("platform.saved"));
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      const byField = fieldErrorsFrom(err, t, ["name", ...NUMBERS], { ERR_PLAN_NAME_IN_USE: "name" });
      if (byField) setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]!])));
      else toast.error(t("platform.plans.saveFailed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={plan ? t("platform.plans.dialogEdit") : t("platform.plans.dialogCreate")} modalLock size="lg">
        <form onSubmit={submit} noValidate>
          <DialogBody className="space-y-4">
            <Field id="plan-name" label={t("platform.plans.name")} error={errors.name}>
              <Input id="plan-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} invalid={!!errors.name} maxLength={100} />
            </Field>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {NUMBERS.map((key) => (
                <Field key={key} id={`plan-${key}`} label={t(`platform.plans.${key}`)} error={errors[key]}>
                  <Input
                    id={`plan-${key}`}
                    type="number"
                    inputMode={key === "value" ? "decimal" : "numeric"}
                    min={0}
                    step={key === "value" ? "0.01" : "1"}
                    value={draft[key]}
                    onChange={(e) => set({ [key]: e.target.value })}
                    invalid={!!errors[key]}
                  />
                </Field>
              ))}
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t("platform.plans.columns.flags")}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {PLAN_FLAGS.map((flag) => (
                  <div key={flag} className="flex items-center gap-2">
                    <Switch id={`plan-${flag}`} checked={draft[flag]} onCheckedChange={(on) => set({ [flag]: on })} />
                    <label htmlFor={`plan-${flag}`} className="text-sm">
                      {t(`platform.plans.flags.${flag}`)}
                    </label>
                  </div>
                ))}
                <div className="flex items-center gap-2">
                  <Switch id="plan-public" checked={draft.useInternal} onCheckedChange={(on) => set({ useInternal: on })} />
                  <label htmlFor="plan-public" className="text-sm">
                    {t("platform.plans.public")}
                  </label>
                </div>
              </div>
            </fieldset>
          </DialogBody>
          <FormDialogFooter saving={saving} editing={!!plan} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
