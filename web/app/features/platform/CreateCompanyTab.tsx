import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { toast } from "../../lib/toast";
import { createCompany, type Company, type Plan } from "./api";
import { CompanyFields, useCompanyForm } from "./CompanyFields";

/** Cadastrar Empresa (super users): a company, and with a password its first admin. */
export function CreateCompanyTab({ plans, onCreated }: { plans: Plan[]; onCreated: (company: Company) => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useCompanyForm({
    id: "company-new",
    company: null,
    async save(input) {
      const company = await createCompany(input);
      toast.success(t("platform.company.created"));
      form.reset();
      onCreated(company);
    },
  });

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="max-w-3xl space-y-4">
      <CompanyFields fields={fields} plans={plans} withPassword />
      <div className="flex justify-end">
        <Button type="submit" loading={saving} className="w-full sm:w-auto">
          {t("platform.company.submitCreate")}
        </Button>
      </div>
    </form>
  );
}
