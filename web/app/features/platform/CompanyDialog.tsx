import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { toast } from "../../lib/toast";
import { updateCompany, type Company, type Plan } from "./api";
import { CompanyFields, companyErrors, companyInput, type CompanyDraft } from "./CompanyFields";

const FIELDS = ["name", "email", "phone", "planId", "dueDate", "recurrence", "status", "campaignsEnabled", "password"];
export const COMPANY_CODE_FIELDS = { ERR_COMPANY_NAME_IN_USE: "name", ERR_EMAIL_IN_USE: "email" };

/** A failed save: errors under their fields, or the spec's toast. */
export function companySaveErrors(err: unknown, t: (key: string) => string): Record<string, string> {
  const byField = fieldErrorsFrom(err, t as never, FIELDS, COMPANY_CODE_FIELDS);
  if (byField) return Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]!]));
  toast.error(t("platform.companies.saveFailed"));
  return {};
}

/** Edits a company of the Empresas tab. */
export function CompanyDialog({
  company,
  plans,
  onOpenChange,
  onSaved,
}: {
  company: Company | null;
  plans: Plan[];
  onOpenChange: (open: boolean) => void;
  onSaved: (company: Company) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CompanyDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!company) return;
    setDraft({
      name: company.name,
      email: company.email,
      phone: company.phone ?? "",
      planId: company.planId ? String(company.planId) : "",
      status: company.status,
      dueDate: company.dueDate ?? "",
      recurrence: company.recurrence,
      campaignsEnabled: company.campaignsEnabled,
    });
    setErrors({});
  }, [company]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!company || !draft) return;
    const found = companyErrors(draft, t, false);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await updateCompany(company.id, companyInput(draft, false));
      toast.success(t("platform.saved"));
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      setErrors(companySaveErrors(err, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={!!company} onOpenChange={onOpenChange}>
      <DialogContent title={t("platform.companies.dialogTitle")} modalLock size="lg">
        {draft ? (
          <form onSubmit={submit} noValidate>
            <DialogBody>
              <CompanyFields idPrefix="company-edit" draft={draft} onChange={(p) => setDraft((d) => (d ? { ...d, ...p } : d))} plans={plans} errors={errors} withPassword={false} />
            </DialogBody>
            <FormDialogFooter saving={saving} editing onCancel={() => onOpenChange(false)} />
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
