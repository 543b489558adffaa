import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Field, Input, PasswordInput } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { saveSetting } from "../settings/api";

/** What GET /settings answers for a saved secret (worker/contracts/settingsCatalogue.ts SECRET_MASK). */
const SECRET_MASK = "********";

const PIX_FIELDS = [
  { key: "pixApiUrl", label: "apiUrl", type: "url", max: 500 },
  { key: "pixClientId", label: "clientId", type: "text", max: 500 },
  { key: "pixClientSecret", label: "clientSecret", type: "secret", max: 500 },
  { key: "pixKey", label: "key", type: "text", max: 77 },
  { key: "pixMerchantName", label: "merchantName", type: "text", max: 25 },
  { key: "pixMerchantCity", label: "merchantCity", type: "text", max: 15 },
] as const;

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

function PixSettings({ values }: { values: Record<string, string> }) {
  const { t } = useTranslation();
  const saved = (key: string) => values[key] ?? "";
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The server's values replace the form's once they arrive (the first render has the session's copy).
  const signature = PIX_FIELDS.map((f) => saved(f.key)).join("\u0000");
  useEffect(() => {
    setDraft(Object.fromEntries(PIX_FIELDS.map((f) => [f.key, f.type === "secret" ? "" : saved(f.key)])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Only what changed is sent; an untouched (empty) secret field keeps the saved secret.
    const changed = PIX_FIELDS.filter((f) => (f.type === "secret" ? draft[f.key] !== "" : (draft[f.key] ?? "") !== saved(f.key)));
    if (changed.length === 0) return;
    setBusy(true);
    try {
      for (const f of changed) await saveSetting(f.key, (draft[f.key] ?? "").trim());
      toast.success(t("platform.pix.saved"));
      setDraft((d) => ({ ...d, pixClientSecret: "" }));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="platform-pix">
      <h3 id="platform-pix" className="text-sm font-semibold">
        {t("platform.pix.title")}
      </h3>
      <p className="text-sm text-muted">{t("platform.pix.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {PIX_FIELDS.map((f) => {
          const id = `pix-${f.key}`;
          if (f.type === "secret") {
            const isSet = saved(f.key) === SECRET_MASK;
            return (
              <Field key={f.key} id={id} label={t(`platform.pix.${f.label}`)} hint={isSet ? t("platform.pix.secretSaved") : t("platform.pix.secretEmpty")}>
                <PasswordInput
                  id={id}
                  value={draft[f.key] ?? ""}
                  onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
                  placeholder={isSet ? SECRET_MASK : ""}
                  autoComplete="new-password"
                  maxLength={f.max}
                  aria-describedby={`${id}-hint`}
                />
              </Field>
            );
          }
          return (
            <Field key={f.key} id={id} label={t(`platform.pix.${f.label}`)}>
              <Input id={id} type={f.type} value={draft[f.key] ?? ""} onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))} maxLength={f.max} autoComplete="off" />
            </Field>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={busy} className="w-full sm:w-auto">
          {t("platform.pix.save")}
        </Button>
      </div>
    </form>
  );
}
