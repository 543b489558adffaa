import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Spinner } from "../../components/ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { useSessionUser } from "../../lib/session-user";
import { OptionsTab } from "./OptionsTab";
import { SchedulesTab } from "./SchedulesTab";
import { CompanyExportSection } from "../companyExport/CompanyExportSection";
import { useCompanySettings } from "./useCompanySettings";

// The super user's tabs are a separate chunk: company admins never load them.
const PlatformTabs = lazy(() => import("../platform/PlatformTabs"));

/** The super-only tabs of spec 001, in its order, then the session hosts (issue 30). */
export const SUPER_TABS = ["logo", "companies", "createCompany", "plans", "helps", "platform", "sessionHosts"] as const;

/** Settings (spec 001): Opções for every company key; Horários only when scheduleType is company; the super user's tabs. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { values, save, saving } = useCompanySettings(user, t("toasts.settingsSaved"));
  const [tab, setTab] = useState("options");
  const showSchedules = values.scheduleType === "company";
  const superTabs = user.super ? SUPER_TABS : [];
  // The company's whole export (issue 27 §3): its admins (and the super admin, for their own company here).
  const showExport = user.profile === "admin" || user.super;
  let activeTab = (tab === "schedules" && !showSchedules) || (tab === "export" && !showExport) ? "options" : tab;
  if (!user.super && (SUPER_TABS as readonly string[]).includes(activeTab)) activeTab = "options";
  const superTab = (superTabs as readonly string[]).includes(activeTab) ? activeTab : null;
  return (
    <PageFrame>
      <PageHeader title={t("settings.title")} />
      <Card className="p-4 sm:p-6">
        <Tabs value={activeTab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="options">{t("settings.tabs.options")}</TabsTrigger>
            {showSchedules ? <TabsTrigger value="schedules">{t("settings.tabs.schedules")}</TabsTrigger> : null}
            {showExport ? <TabsTrigger value="export">{t("settings.tabs.export")}</TabsTrigger> : null}
            {superTabs.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`settings.tabs.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="options">
            <OptionsTab values={values} saving={saving} onChange={save} />
          </TabsContent>
          {showSchedules ? (
            <TabsContent value="schedules">
              <SchedulesTab companyId={user.companyId} />
            </TabsContent>
          ) : null}
          {showExport ? (
            <TabsContent value="export">
              <CompanyExportSection />
            </TabsContent>
          ) : null}
          {superTab ? (
            <TabsContent value={superTab}>
              <Suspense fallback={<Spinner className="text-brand" />}>
                <PlatformTabs tab={superTab} values={values} saving={saving} onChange={save} />
              </Suspense>
            </TabsContent>
          ) : null}
        </Tabs>
      </Card>
    </PageFrame>
  );
}
