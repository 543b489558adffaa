import { useTranslation } from "react-i18next";
import { Field, Input, PasswordInput } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Switch } from "../../components/ui/Switch";
import type { CompanyInput, Plan } from "./api";
import { RECURRENCES } from "./model";
import { passwordHint } from "../../lib/password";
import { meetsPasswordRule } from "../../../../worker/contracts/passwordRule";

export type CompanyDraft = Omit<CompanyInput, "planId" | "dueDate"> & { planId: string; dueDate: string };

export const emptyCompany = (): CompanyDraft => ({
  name: "",
  email: "",
  phone: "",
  planId: "",
  status: true,
  dueDate: "",
  recurrence: "MENSAL",
  campaignsEnabled: true,
  password: "",
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page's own checks, in the user's language (spec 001: name 2 to 50, a valid e-mail, a plan, the one password rule). */
export function companyErrors(draft: CompanyDraft, t: (key: string) => string, withPassword: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (!name) errors.name = t("validation.required");
  else if (name.length < 2) errors.name = t("validation.tooShort");
  else if (name.length > 50) errors.name = t("validation.tooLong");
  if (!draft.email.trim()) errors.email = t("validation.required");
  else if (!EMAIL.test(draft.email.trim())) errors.email = t("validation.invalidEmail");
  if (!draft.planId) errors.planId = t("platform.company.choosePlan");
  if (withPassword && draft.password) {
    if (!meetsPasswordRule(draft.password)) errors.password = t("validation.passwordRule");
  }
  return errors;
}

/** The draft as the API takes it. */
export function companyInput(draft: CompanyDraft, withPassword: boolean): CompanyInput {
  const { password, ...rest } = draft;
  return {
    ...rest,
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    planId: Number(draft.planId),
    dueDate: draft.dueDate || null,
    ...(withPassword && password ? { password } : {}),
  };
}

/** The fields of a company (Cadastrar Empresa tab and the Empresas tab's edit dialog). */
export function CompanyFields({
  draft,
  onChange,
  plans,
  errors,
  withPassword,
  idPrefix,
}: {
  draft: CompanyDraft;
  onChange: (patch: Partial<CompanyDraft>) => void;
  plans: Plan[];
  errors: Record<string, string>;
  withPassword: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id("name")} label={t("platform.company.name")} error={errors.name}>
        <Input id={id("name")} value={draft.name} onChange={(e) => onChange({ name: e.target.value })} invalid={!!errors.name} maxLength={100} />
      </Field>
      <Field id={id("email")} label={t("platform.company.email")} error={errors.email}>
        <Input id={id("email")} type="email" value={draft.email} onChange={(e) => onChange({ email: e.target.value })} invalid={!!errors.email} autoComplete="off" />
      </Field>
      <Field id={id("phone")} label={t("platform.company.phone")} error={errors.phone}>
        <Input id={id("phone")} type="tel" value={draft.phone} onChange={(e) => onChange({ phone: e.target.value })} maxLength={30} />
      </Field>
      <Field id={id("plan")} label={t("platform.company.plan")} error={errors.planId}>
        <Select
          id={id("plan")}
          value={draft.planId}
          onValueChange={(planId) => onChange({ planId })}
          placeholder={t("platform.company.choosePlan")}
          invalid={!!errors.planId}
          options={plans.map((p) => ({ value: String(p.id), label: p.name }))}
        />
      </Field>
      <Field id={id("due")} label={t("platform.company.dueDate")} error={errors.dueDate}>
        <Input id={id("due")} type="date" value={draft.dueDate} onChange={(e) => onChange({ dueDate: e.target.value })} />
      </Field>
      <Field id={id("recurrence")} label={t("platform.company.recurrence")}>
        <Select
          id={id("recurrence")}
          value={draft.recurrence}
          onValueChange={(recurrence) => onChange({ recurrence })}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`platform.recurrence.${r}`) }))}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Switch id={id("status")} checked={draft.status} onCheckedChange={(status) => onChange({ status })} />
        <label htmlFor={id("status")} className="text-sm font-medium">
          {t("platform.company.status")}: {draft.status ? t("platform.companies.active") : t("platform.companies.blocked")}
        </label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={id("campaigns")} checked={draft.campaignsEnabled} onCheckedChange={(campaignsEnabled) => onChange({ campaignsEnabled })} />
        <label htmlFor={id("campaigns")} className="text-sm font-medium">
          {t("platform.company.campaignsEnabled")}
        </label>
      </div>
      {withPassword ? (
        <Field id={id("password")} label={t("platform.company.password")} error={errors.password} hint={passwordHint(t, t("platform.company.passwordHint").replace(/\.$/, ""))} className="sm:col-span-2">
          <PasswordInput id={id("password")} value={draft.password ?? ""} onChange={(e) => onChange({ password: e.target.value })} invalid={!!errors.password} autoComplete="new-password" />
        </Field>
      ) : null}
    </div>
  );
}
