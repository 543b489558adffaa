import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { useSessionUser } from "../../lib/session-user";
import { OptionsTab } from "./OptionsTab";
import { SchedulesTab } from "./SchedulesTab";
import { useCompanySettings } from "./useCompanySettings";
import { useState } from "react";

/** Settings (spec 001): Opções for every company key; Horários only when scheduleType is company. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { values, save, saving } = useCompanySettings(user, t("toasts.settingsSaved"));
  const [tab, setTab] = useState("options");
  const showSchedules = values.scheduleType === "company";
  const activeTab = tab === "schedules" && !showSchedules ? "options" : tab;
  return (
    <PageFrame>
      <PageHeader title={t("settings.title")} />
      <Card className="p-4 sm:p-6">
        <Tabs value={activeTab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="options">{t("settings.tabs.options")}</TabsTrigger>
            {showSchedules ? <TabsTrigger value="schedules">{t("settings.tabs.schedules")}</TabsTrigger> : null}
          </TabsList>
          <TabsContent value="options">
            <OptionsTab values={values} saving={saving} onChange={save} />
          </TabsContent>
          {showSchedules ? (
            <TabsContent value="schedules">
              <SchedulesTab companyId={user.companyId} />
            </TabsContent>
          ) : null}
        </Tabs>
      </Card>
    </PageFrame>
  );
}
