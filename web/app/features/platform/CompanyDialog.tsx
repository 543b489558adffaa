import { useTranslation } from "react-i18next";
import { DialogForm } from "../../components/form/DialogForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { toast } from "../../lib/toast";
import { updateCompany, type Company, type Plan } from "./api";
import { CompanyFields, useCompanyForm } from "./CompanyFields";

/** Edits a company of the Empresas tab. */
export function CompanyDialog({
  open,
  company,
  plans,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  company: Company | null;
  plans: Plan[];
  onOpenChange: (open: boolean) => void;
  onSaved: (company: Company) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("platform.companies.dialogTitle")} modalLock size="lg">
        {company ? <CompanyForm company={company} plans={plans} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CompanyForm({ company, plans, onSaved, onClose }: { company: Company; plans: Plan[]; onSaved: (company: Company) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useCompanyForm({
    id: `company-form-${company.id}`,
    company,
    async save(input) {
      const saved = await updateCompany(company.id, input);
      toast.success(t("platform.saved"));
      onSaved(saved);
      onClose();
    },
  });
  return (
    <DialogForm form={form} saving={saving} editing onCancel={onClose}>
      <CompanyFields fields={fields} plans={plans} withPassword={false} />
    </DialogForm>
  );
}
