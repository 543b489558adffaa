import { useTranslation } from "react-i18next";
import { z } from "zod";
import { platformSettings, SECRET_MASK } from "../../../../worker/contracts/settingsCatalogue";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { describedBy, Field, Input, PasswordInput } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { toast } from "../../lib/toast";
import { saveSetting } from "../settings/api";

const PIX_FIELDS = [
  { key: "pixApiUrl", label: "apiUrl", type: "url", max: 500 },
  { key: "pixClientId", label: "clientId", type: "text", max: 500 },
  { key: "pixClientSecret", label: "clientSecret", type: "secret", max: 500 },
  { key: "pixKey", label: "key", type: "text", max: 77 },
  { key: "pixMerchantName", label: "merchantName", type: "text", max: 25 },
  { key: "pixMerchantCity", label: "merchantCity", type: "text", max: 15 },
] as const;
type PixKey = (typeof PIX_FIELDS)[number]["key"];

/**
 * Plataforma (super users): the public signup's switches and trial length, and the Pix receiver (the PSP of the
 * standard Pix API and the key). The client secret is write-only: once saved it shows as saved, never its value.
 */
export function PlatformTab({ values, saving, onChange }: { values: Record<string, string>; saving: string | null; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation();
  const toggle = (key: "allowregister" | "viewregister") => (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-4">
      <label htmlFor={`platform-${key}`} className="flex items-center justify-between gap-2 text-sm font-medium">
        {t(`platform.registration.${key}`)}
        {saving === key ? <Spinner className="text-brand" /> : null}
      </label>
      <Select
        id={`platform-${key}`}
        value={values[key] ?? "disabled"}
        onValueChange={(v) => onChange(key, v)}
        options={["enabled", "disabled"].map((v) => ({ value: v, label: t(`settings.values.${v}`) }))}
      />
    </div>
  );
  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby="platform-registration">
        <h3 id="platform-registration" className="text-sm font-semibold">
          {t("platform.registration.title")}
        </h3>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
          {toggle("allowregister")}
          {toggle("viewregister")}
          <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-4">
            <label htmlFor="platform-trial" className="flex items-center justify-between gap-2 text-sm font-medium">
              {t("platform.registration.trial")}
              {saving === "trial" ? <Spinner className="text-brand" /> : null}
            </label>
            <Select
              id="platform-trial"
              value={values.trial ?? "3"}
              onValueChange={(v) => onChange("trial", v)}
              options={["1", "2", "3", "4", "5", "6", "7"].map((v) => ({ value: v, label: t("platform.registration.trialDays", { count: Number(v) }) }))}
            />
          </div>
        </div>
      </section>
      <PixSettings values={values} />
    </div>
  );
}

/** The Pix receiver's settings: the platform catalogue's rules for each key (a blank input is an empty value). */
const pixFormSchema = z.object(Object.fromEntries(PIX_FIELDS.map((f) => [f.key, platformSettings[f.key].schema.optional()])) as {
  [K in PixKey]: z.ZodOptional<(typeof platformSettings)[K]["schema"]>;
});

function PixSettings({ values }: { values: Record<string, string> }) {
  // The server's values replace the form's once they arrive (the first render has the session's copy).
  const signature = PIX_FIELDS.map((f) => values[f.key] ?? "").join("\u0000");
  return <PixForm key={signature} values={values} />;
}

function PixForm({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation();
  const saved = (key: string) => values[key] ?? "";
  const { form, fields, saving } = useContractForm({
    id: "pix-settings",
    schema: pixFormSchema,
    defaultValue: Object.fromEntries(PIX_FIELDS.map((f) => [f.key, f.type === "secret" ? "" : saved(f.key)])),
    shouldValidate: "onSubmit",
    fields: PIX_FIELDS.map((f) => f.key),
    async save(value) {
      // Only what changed is sent; an untouched (empty) secret field keeps the saved secret.
      const typed = (key: PixKey) => (value[key] ?? "").trim();
      const changed = PIX_FIELDS.filter((f) => (f.type === "secret" ? typed(f.key) !== "" : typed(f.key) !== saved(f.key)));
      if (changed.length === 0) return;
      for (const f of changed) await saveSetting(f.key, typed(f.key));
      toast.success(t("platform.pix.saved"));
      form.update({ name: "pixClientSecret", value: "" });
    },
  });

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-3" aria-labelledby="platform-pix">
      <h3 id="platform-pix" className="text-sm font-semibold">
        {t("platform.pix.title")}
      </h3>
      <p className="text-sm text-muted">{t("platform.pix.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {PIX_FIELDS.map((f) => {
          const meta = fields[f.key];
          const error = meta.errors?.[0];
          if (f.type === "secret") {
            const isSet = saved(f.key) === SECRET_MASK;
            const hint = isSet ? t("platform.pix.secretSaved") : t("platform.pix.secretEmpty");
            return (
              <Field key={f.key} id={meta.id} label={t(`platform.pix.${f.label}`)} hint={hint} error={error}>
                <PasswordInput
                  id={meta.id}
                  name={meta.name}
                  key={meta.key}
                  defaultValue={meta.initialValue}
                  placeholder={isSet ? SECRET_MASK : ""}
                  autoComplete="new-password"
                  maxLength={f.max}
                  invalid={!!error}
                  aria-describedby={describedBy(meta.id, error, hint)}
                />
              </Field>
            );
          }
          return (
            <Field key={f.key} id={meta.id} label={t(`platform.pix.${f.label}`)} error={error}>
              <Input
                id={meta.id}
                name={meta.name}
                key={meta.key}
                type={f.type}
                defaultValue={meta.initialValue}
                maxLength={f.max}
                autoComplete="off"
                invalid={!!error}
                aria-describedby={describedBy(meta.id, error)}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("platform.pix.save")}
        </Button>
      </div>
    </form>
  );
}
