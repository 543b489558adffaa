import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { toast } from "../../lib/toast";
import { createCompany, type Company, type Plan } from "./api";
import { companySaveErrors } from "./CompanyDialog";
import { CompanyFields, companyErrors, companyInput, emptyCompany, type CompanyDraft } from "./CompanyFields";

/** Cadastrar Empresa (super users): a company, and with a password its first admin. */
export function CreateCompanyTab({ plans, onCreated }: { plans: Plan[]; onCreated: (company: Company) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CompanyDraft>(emptyCompany);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = companyErrors(draft, t, true);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const company = await createCompany(companyInput(draft, true));
      toast.success(t("platform.company.created"));
      setDraft(emptyCompany());
      onCreated(company);
    } catch (err) {
      setErrors(companySaveErrors(err, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-4">
      <CompanyFields idPrefix="company-new" draft={draft} onChange={(p) => setDraft((d) => ({ ...d, ...p }))} plans={plans} errors={errors} withPassword />
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("platform.company.submitCreate")}
        </Button>
      </div>
    </form>
  );
}
