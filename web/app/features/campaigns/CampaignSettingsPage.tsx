import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { campaignSettingsInput } from "../../../../worker/contracts/campaigns";
import { useContractForm } from "../../components/form/useContractForm";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Skeleton } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { getCampaignSettings, saveCampaignSettings } from "./api";
import type { CampaignSettings } from "./types";
import "./texts";

/** Spec 002's options; a value saved otherwise (through the API) is offered too. */
const INTERVALS = [0, 5, 10, 15, 20];
const LONG = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120];
const options = (values: number[], current: number) => [...new Set([...values, current])].sort((a, b) => a - b).map((v) => ({ value: String(v), label: String(v) }));

const rules = campaignSettingsInput.shape;

/**
 * The settings form: each value by the API's rules; the page's own are the opt-out words as one comma-separated
 * text, and variable rows left without a key (dropped).
 */
const settingsFormSchema = z
  .object({
    messageInterval: rules.messageInterval,
    longerIntervalAfter: rules.longerIntervalAfter,
    greaterInterval: rules.greaterInterval,
    windowStart: rules.windowStart,
    windowEnd: rules.windowEnd,
    days: z.array(z.number()).default([]).pipe(rules.days.unwrap()),
    dailyCap: rules.dailyCap,
    optOutWords: z
      .string()
      .default("")
      .transform((text) => text.split(",").map((w) => w.trim()).filter(Boolean))
      .pipe(rules.optOutWords.unwrap()),
    variables: z
      .array(z.object({ key: z.string().default(""), value: z.string().default("") }))
      .default([])
      .transform((list) => list.filter((v) => v.key.trim()))
      .pipe(rules.variables.unwrap()),
  })
  .refine((s) => !s.windowStart || !s.windowEnd || s.windowStart < s.windowEnd, { message: "Must end after it starts", path: ["windowEnd"] });

/** /campaigns-config (spec 002): the pacing, the sending window and days, the daily cap, opt-out words and custom variables. */
export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<CampaignSettings | null>(null);
  useEffect(() => {
    getCampaignSettings().then(setSettings, (err) => toastError(err));
  }, []);
  return (
    <PageFrame className="max-w-3xl">
      <PageHeader title={t("campaigns.settings.title")} />
      {!settings ? (
        <Card className="space-y-3 p-6">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </Card>
      ) : (
        <SettingsForm settings={settings} />
      )}
    </PageFrame>
  );
}

function SettingsForm({ settings }: { settings: CampaignSettings }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { form, fields, saving } = useContractForm({
    id: "campaign-settings",
    schema: settingsFormSchema,
    defaultValue: {
      messageInterval: String(settings.messageInterval),
      longerIntervalAfter: String(settings.longerIntervalAfter),
      greaterInterval: String(settings.greaterInterval),
      windowStart: settings.windowStart,
      windowEnd: settings.windowEnd,
      days: settings.days.map(String),
      dailyCap: String(settings.dailyCap),
      optOutWords: settings.optOutWords.join(", "),
      variables: settings.variables,
    },
    shouldValidate: "onSubmit",
    fields: (name) => !name.startsWith("_"),
    async save(value) {
      await saveCampaignSettings(value);
      toast.success(t("campaigns.settings.saved"));
    },
  });
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const days = new Set((fields.days.initialValue as string[] | undefined) ?? []);
  const variables = fields.variables.getFieldList();
  const select = (name: "messageInterval" | "longerIntervalAfter" | "greaterInterval", values: number[]) => (
    <Field id={fields[name].id} label={t(`campaigns.settings.${name}`)} error={error(name)}>
      <Select id={fields[name].id} name={fields[name].name} defaultValue={fields[name].initialValue} options={options(values, settings[name])} />
    </Field>
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4 pb-8">
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="font-semibold">{t("campaigns.settings.pacing")}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {select("messageInterval", INTERVALS)}
          {select("longerIntervalAfter", LONG)}
          {select("greaterInterval", LONG)}
        </div>
        <p className="text-sm text-subtle">{t("campaigns.settings.pacingHint")}</p>
      </Card>
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="font-semibold">{t("campaigns.settings.window")}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {(["windowStart", "windowEnd"] as const).map((name) => (
            <Field key={name} id={fields[name].id} label={t(`campaigns.settings.${name}`)} error={error(name)}>
              <Input id={fields[name].id} name={fields[name].name} type="time" defaultValue={fields[name].initialValue} invalid={!!error(name)} />
            </Field>
          ))}
          <Field id={fields.dailyCap.id} label={t("campaigns.settings.dailyCap")} error={error("dailyCap")}>
            <Input id={fields.dailyCap.id} name={fields.dailyCap.name} type="number" min={0} step={1} defaultValue={fields.dailyCap.initialValue} invalid={!!error("dailyCap")} />
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("campaigns.settings.days")}</legend>
          <div className="flex flex-wrap gap-2">
            {(t("campaigns.settings.weekdays", { returnObjects: true }) as string[]).map((label, day) => (
              <label key={day} className="flex cursor-pointer items-center gap-2 rounded-lg border border-line-strong px-3 py-1.5 max-sm:min-h-11 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/10">
                <input type="checkbox" name={fields.days.name} value={day} defaultChecked={days.has(String(day))} />
                {label}
              </label>
            ))}
          </div>
          {error("days") ? <p className="mt-1 text-sm text-danger">{error("days")}</p> : null}
        </fieldset>
        <p className="text-sm text-subtle">{t("campaigns.settings.windowHint", { timezone: user.company.timezone })}</p>
      </Card>
      <Card className="space-y-4 p-4 sm:p-6">
        <Field id={fields.optOutWords.id} label={t("campaigns.settings.optOut")} hint={t("campaigns.settings.optOutHint")} error={error("optOutWords")}>
          <textarea id={fields.optOutWords.id} name={fields.optOutWords.name} className={cn(textareaClasses)} defaultValue={fields.optOutWords.initialValue} rows={2} />
        </Field>
      </Card>
      <Card className="space-y-3 p-4 sm:p-6">
        <h2 className="font-semibold">{t("campaigns.settings.variables")}</h2>
        <p className="text-sm text-subtle">{t("campaigns.settings.variablesHint")}</p>
        {variables.map((row, i) => {
          const { key, value } = row.getFieldset();
          return (
            <div key={row.key} className="flex items-end gap-2">
              <Field id={key.id} label={t("campaigns.settings.key")} className="flex-1" error={key.errors?.[0] ?? error("variables")}>
                <Input id={key.id} name={key.name} defaultValue={key.initialValue} />
              </Field>
              <Field id={value.id} label={t("campaigns.settings.value")} className="flex-[2]">
                <Input id={value.id} name={value.name} defaultValue={value.initialValue} />
              </Field>
              <Button variant="ghost" size="icon" aria-label={t("campaigns.settings.removeVariable")} onClick={() => form.remove({ name: fields.variables.name, index: i })}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          );
        })}
        <Button variant="outline" onClick={() => form.insert({ name: fields.variables.name, defaultValue: { key: "", value: "" } })}>
          <Plus className="size-4" aria-hidden />
          {t("campaigns.settings.addVariable")}
        </Button>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {t("campaigns.settings.save")}
        </Button>
      </div>
    </form>
  );
}
