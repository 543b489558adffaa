import { useTranslation } from "react-i18next";
import { z } from "zod";
import { createCompanyInput } from "../../../../worker/contracts/companies";
import { platformIdText } from "../../../../worker/contracts/ids";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { describedBy, Field, Input, PasswordField } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { passwordHint } from "../../lib/password";
import { toast } from "../../lib/toast";
import type { Company, CompanyInput, Plan } from "./api";
import { RECURRENCES } from "./model";

const CHOOSE_PLAN = "platform.company.choosePlan";
/** A switch turned off is absent from the form, so here it reads as off (the API's defaults differ). */
const off = z.boolean().default(false);

/**
 * A company's form (Cadastrar Empresa and the Empresas tab's edit dialog): the API's rules
 * (worker/contracts/companies); the page's own is the plan select's message. The password (the first admin's)
 * is only in the create form, and sent only when typed.
 */
export const companyFormSchema = createCompanyInput
  .pick({ name: true, email: true, phone: true, dueDate: true, recurrence: true, password: true })
  .extend({ planId: platformIdText(CHOOSE_PLAN, CHOOSE_PLAN), status: off, campaignsEnabled: off });

const FIELDS = ["name", "email", "phone", "planId", "dueDate", "recurrence", "status", "campaignsEnabled", "password"];
const CODE_FIELDS = { ERR_COMPANY_NAME_IN_USE: "name", ERR_EMAIL_IN_USE: "email" };

/**
 * A company form on useContractForm: `company` fills it (a new one starts active, monthly, with campaigns); errors
 * the server ties to a field show under it, anything else is the spec's "could not save" toast.
 */
export function useCompanyForm({ id, company, save }: { id: string; company: Company | null; save: (input: CompanyInput) => Promise<unknown> }) {
  const { t } = useTranslation();
  return useContractForm({
    id,
    schema: companyFormSchema,
    defaultValue: {
      name: company?.name ?? "",
      email: company?.email ?? "",
      phone: company?.phone ?? "",
      planId: company?.planId ? String(company.planId) : "",
      status: (company?.status ?? true) ? "on" : "",
      dueDate: company?.dueDate ?? "",
      recurrence: company?.recurrence ?? "MENSAL",
      campaignsEnabled: (company?.campaignsEnabled ?? true) ? "on" : "",
    },
    shouldValidate: "onSubmit",
    fields: FIELDS,
    codeFields: CODE_FIELDS,
    async save(value) {
      try {
        await save(value);
      } catch (err) {
        if (fieldErrorsFrom(err, t, FIELDS, CODE_FIELDS)) throw err;
        toast.error(t("platform.companies.saveFailed"));
      }
    },
  });
}

type CompanyFieldsMeta = ReturnType<typeof useCompanyForm>["fields"];
type TextFieldMeta = { id: string; name: string; key?: string; initialValue?: unknown; errors?: string[] };

/** The fields of a company (Cadastrar Empresa tab and the Empresas tab's edit dialog), inputs of a useCompanyForm. */
export function CompanyFields({ fields, plans, withPassword }: { fields: CompanyFieldsMeta; plans: Plan[]; withPassword: boolean }) {
  const { t } = useTranslation();
  const text = (meta: TextFieldMeta, label: string, props: { type?: string; maxLength?: number; autoComplete?: string }) => {
    const error = meta.errors?.[0];
    return (
      <Field id={meta.id} label={label} error={error}>
        <Input
          id={meta.id}
          name={meta.name}
          key={meta.key}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
          invalid={!!error}
          aria-describedby={describedBy(meta.id, error)}
          {...props}
        />
      </Field>
    );
  };
  const planError = fields.planId.errors?.[0];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text(fields.name, t("platform.company.name"), { maxLength: 100 })}
      {text(fields.email, t("platform.company.email"), { type: "email", autoComplete: "off" })}
      {text(fields.phone, t("platform.company.phone"), { type: "tel", maxLength: 30 })}
      <Field id={fields.planId.id} label={t("platform.company.plan")} error={planError}>
        <Select
          id={fields.planId.id}
          name={fields.planId.name}
          key={fields.planId.key}
          defaultValue={fields.planId.initialValue || undefined}
          placeholder={t("platform.company.choosePlan")}
          invalid={!!planError}
          aria-describedby={describedBy(fields.planId.id, planError)}
          options={plans.map((p) => ({ value: String(p.id), label: p.name }))}
        />
      </Field>
      {text(fields.dueDate, t("platform.company.dueDate"), { type: "date" })}
      <Field id={fields.recurrence.id} label={t("platform.company.recurrence")}>
        <Select
          id={fields.recurrence.id}
          name={fields.recurrence.name}
          key={fields.recurrence.key}
          defaultValue={fields.recurrence.initialValue}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`platform.recurrence.${r}`) }))}
        />
      </Field>
      <div className="flex items-center gap-2">
        <SwitchInput meta={fields.status} />
        <label htmlFor={fields.status.id} className="text-sm font-medium">
          {t("platform.company.status")}: {fields.status.value === "on" ? t("platform.companies.active") : t("platform.companies.blocked")}
        </label>
      </div>
      <div className="flex items-center gap-2">
        <SwitchInput meta={fields.campaignsEnabled} />
        <label htmlFor={fields.campaignsEnabled.id} className="text-sm font-medium">
          {t("platform.company.campaignsEnabled")}
        </label>
      </div>
      {withPassword ? (
        <PasswordField
          field={fields.password}
          label={t("platform.company.password")}
          hint={passwordHint(t, t("platform.company.passwordHint").replace(/\.$/, ""))}
          autoComplete="new-password"
          className="sm:col-span-2"
        />
      ) : null}
    </div>
  );
}
