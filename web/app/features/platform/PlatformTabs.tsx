import { useEffect, useState } from "react";
import { toastError } from "../../lib/errors";
import { listPlans, type Plan } from "./api";
import { CompaniesTab } from "./CompaniesTab";
import { CreateCompanyTab } from "./CreateCompanyTab";
import { HelpsTab } from "./HelpsTab";
import { LogoTab } from "./LogoTab";
import { PlansTab } from "./PlansTab";
import { PlatformTab } from "./PlatformTab";
import { SessionHostsTab } from "./SessionHostsTab";
import "./texts";

/** The settings page's super-only tabs (spec 001), loaded on demand; the plans are read once for the three that use them. */
export default function PlatformTabs({
  tab,
  values,
  saving,
  onChange,
}: {
  tab: string;
  values: Record<string, string>;
  saving: string | null;
  onChange: (key: string, value: string) => void;
}) {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [created, setCreated] = useState(0);
  useEffect(() => {
    listPlans()
      .then(setPlans)
      .catch((err) => {
        setPlans([]);
        toastError(err);
      });
  }, []);
  switch (tab) {
    case "logo":
      return <LogoTab />;
    case "companies":
      return <CompaniesTab plans={plans ?? []} refreshKey={created} />;
    case "createCompany":
      return <CreateCompanyTab plans={plans ?? []} onCreated={() => setCreated((n) => n + 1)} />;
    case "plans":
      return <PlansTab plans={plans} onChange={setPlans} />;
    case "helps":
      return <HelpsTab />;
    case "platform":
      return <PlatformTab values={values} saving={saving} onChange={onChange} />;
    case "sessionHosts":
      return <SessionHostsTab />;
    default:
      return null;
  }
}
