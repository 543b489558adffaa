import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { PageFrame, PageHeader } from "../../components/layout/Page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { useSessionUser } from "../../lib/session-user";
import { listCompanyRefs, listUserRefs, type CompanyRef, type UserRef } from "./api";
import { AuditLog } from "./AuditLog";
import { SupportAccessTab } from "./SupportAccessTab";
import "./texts";

/**
 * /audit (issue 28): the company's audit log for its admins. A super admin also finds here the platform's log (with
 * its company column and filter) and "Acesso de suporte", where they start and end their time-boxed accesses to a
 * company: the page where those accesses are read back is where they are started, next to the log that records them.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const platform = can(user, "audit:platform");
  const [tab, setTab] = useState("company");
  const users = useRefs(listUserRefs, true);
  const companies = useRefs(listCompanyRefs, platform);
  return (
    <PageFrame className="h-full min-h-0">
      <PageHeader title={t("audit.title")} />
      <p className="-mt-2 text-sm text-muted">{t("audit.intro")}</p>
      {platform ? (
        <Tabs value={tab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col">
          <TabsList aria-label={t("audit.title")} className="shrink-0">
            <TabsTrigger value="company">{t("audit.tabs.company")}</TabsTrigger>
            <TabsTrigger value="platform">{t("audit.tabs.platform")}</TabsTrigger>
            <TabsTrigger value="support">{t("audit.tabs.support")}</TabsTrigger>
          </TabsList>
          <TabsContent value="company" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
            <AuditLog platform={false} users={users} companies={[]} />
          </TabsContent>
          <TabsContent value="platform" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
            <AuditLog platform users={[]} companies={companies} />
          </TabsContent>
          <TabsContent value="support" className="data-[state=inactive]:hidden">
            <SupportAccessTab companies={companies} />
          </TabsContent>
        </Tabs>
      ) : (
        <AuditLog platform={false} users={users} companies={[]} />
      )}
    </PageFrame>
  );
}

/** A filter's choices (users, companies), read once; none when the call fails (the filter then offers "all" only). */
function useRefs<T extends UserRef | CompanyRef>(load: () => Promise<T[]>, enabled: boolean): T[] {
  const [refs, setRefs] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load()
      .then((rows) => live && setRefs([...rows].sort((a, b) => a.name.localeCompare(b.name))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load, enabled]);
  return refs;
}
