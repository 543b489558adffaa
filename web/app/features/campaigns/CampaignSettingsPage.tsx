import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Skeleton } from "../../components/ui/Spinner";
import { ApiError } from "../../lib/api";
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

/** /campaigns-config (spec 002): the pacing, the sending window and days, the daily cap, opt-out words and custom variables. */
export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const id = useId();
  const [settings, setSettings] = useState<CampaignSettings | null>(null);
  const [optOut, setOptOut] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    getCampaignSettings().then(
      (s) => {
        setSettings(s);
        setOptOut(s.optOutWords.join(", "));
      },
      (err) => toastError(err),
    );
  }, []);
  const set = <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) => setSettings((s) => (s ? { ...s, [key]: value } : s));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    setSaving(true);
    setErrors({});
    try {
      const words = optOut.split(",").map((w) => w.trim()).filter(Boolean);
      await saveCampaignSettings({ ...settings, optOutWords: words, variables: settings.variables.filter((v) => v.key.trim()) });
      toast.success(t("campaigns.settings.saved"));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(Object.fromEntries(Object.keys(err.fields).map((f) => [f, t("validation.invalid")])));
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const field = (name: string) => `${id}-${name}`;
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
        <form onSubmit={submit} noValidate className="space-y-4 pb-8">
          <Card className="space-y-4 p-4 sm:p-6">
            <h2 className="font-semibold">{t("campaigns.settings.pacing")}</h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={field("messageInterval")} label={t("campaigns.settings.messageInterval")} error={errors.messageInterval}>
                <Select id={field("messageInterval")} value={String(settings.messageInterval)} onValueChange={(v) => set("messageInterval", Number(v))} options={options(INTERVALS, settings.messageInterval)} />
              </Field>
              <Field id={field("longerIntervalAfter")} label={t("campaigns.settings.longerIntervalAfter")} error={errors.longerIntervalAfter}>
                <Select id={field("longerIntervalAfter")} value={String(settings.longerIntervalAfter)} onValueChange={(v) => set("longerIntervalAfter", Number(v))} options={options(LONG, settings.longerIntervalAfter)} />
              </Field>
              <Field id={field("greaterInterval")} label={t("campaigns.settings.greaterInterval")} error={errors.greaterInterval}>
                <Select id={field("greaterInterval")} value={String(settings.greaterInterval)} onValueChange={(v) => set("greaterInterval", Number(v))} options={options(LONG, settings.greaterInterval)} />
              </Field>
            </div>
            <p className="text-sm text-subtle">{t("campaigns.settings.pacingHint")}</p>
          </Card>
          <Card className="space-y-4 p-4 sm:p-6">
            <h2 className="font-semibold">{t("campaigns.settings.window")}</h2>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={field("windowStart")} label={t("campaigns.settings.windowStart")} error={errors.windowStart}>
                <Input id={field("windowStart")} type="time" value={settings.windowStart} onChange={(e) => set("windowStart", e.target.value)} invalid={!!errors.windowStart} />
              </Field>
              <Field id={field("windowEnd")} label={t("campaigns.settings.windowEnd")} error={errors.windowEnd}>
                <Input id={field("windowEnd")} type="time" value={settings.windowEnd} onChange={(e) => set("windowEnd", e.target.value)} invalid={!!errors.windowEnd} />
              </Field>
              <Field id={field("dailyCap")} label={t("campaigns.settings.dailyCap")} error={errors.dailyCap}>
                <Input id={field("dailyCap")} type="number" min={0} value={settings.dailyCap} onChange={(e) => set("dailyCap", Math.max(0, Math.floor(Number(e.target.value) || 0)))} invalid={!!errors.dailyCap} />
              </Field>
            </div>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t("campaigns.settings.days")}</legend>
              <div className="flex flex-wrap gap-2">
                {(t("campaigns.settings.weekdays", { returnObjects: true }) as string[]).map((label, day) => {
                  const on = settings.days.includes(day);
                  return (
                    <label key={day} className={cn("flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm", on ? "border-brand bg-brand/10" : "border-line-strong")}>
                      <input type="checkbox" checked={on} onChange={() => set("days", on ? settings.days.filter((d) => d !== day) : [...settings.days, day].sort())} />
                      {label}
                    </label>
                  );
                })}
              </div>
              {errors.days ? <p className="mt-1 text-sm text-danger">{errors.days}</p> : null}
            </fieldset>
            <p className="text-sm text-subtle">{t("campaigns.settings.windowHint", { timezone: user.company.timezone })}</p>
          </Card>
          <Card className="space-y-4 p-4 sm:p-6">
            <Field id={field("optOut")} label={t("campaigns.settings.optOut")} hint={t("campaigns.settings.optOutHint")} error={errors.optOutWords}>
              <textarea id={field("optOut")} className={cn(textareaClasses)} value={optOut} onChange={(e) => setOptOut(e.target.value)} rows={2} />
            </Field>
          </Card>
          <Card className="space-y-3 p-4 sm:p-6">
            <h2 className="font-semibold">{t("campaigns.settings.variables")}</h2>
            <p className="text-sm text-subtle">{t("campaigns.settings.variablesHint")}</p>
            {settings.variables.map((v, i) => (
              <div key={i} className="flex items-end gap-2">
                <Field id={field(`key${i}`)} label={t("campaigns.settings.key")} className="flex-1" error={errors.variables}>
                  <Input id={field(`key${i}`)} value={v.key} onChange={(e) => set("variables", settings.variables.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))} />
                </Field>
                <Field id={field(`value${i}`)} label={t("campaigns.settings.value")} className="flex-[2]">
                  <Input id={field(`value${i}`)} value={v.value} onChange={(e) => set("variables", settings.variables.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
                </Field>
                <Button type="button" variant="ghost" size="icon" aria-label={t("campaigns.settings.removeVariable")} onClick={() => set("variables", settings.variables.filter((_, j) => j !== i))}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            ))}
            <Button type="button" variant="outline" onClick={() => set("variables", [...settings.variables, { key: "", value: "" }])}>
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
      )}
    </PageFrame>
  );
}
