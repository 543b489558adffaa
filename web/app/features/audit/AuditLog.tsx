import { Download } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/layout/Page";
import { cursorPaged, InfiniteScroller, ListFailed, usePagedList } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { toastError } from "../../lib/errors";
import { exportFileName } from "../../lib/files";
import { toast } from "../../lib/toast";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { downloadAuditCsv, listAudit, listPlatformAudit, type CompanyRef, type UserRef } from "./api";
import { AuditFiltersBar } from "./AuditFiltersBar";
import { AuditTable, type AuditRow } from "./AuditTable";
import { auditQueryOf, filtersKey, NO_FILTERS, type AuditFilters } from "./filters";
import "./texts";

/**
 * One log with its filters, newest first, paged by the API's cursor (more as the list scrolls, or "Carregar mais"),
 * and its CSV with the same filters: the company's (`/api/audit`) or, for a super admin, the platform's.
 */
export function AuditLog({ platform, users, companies }: { platform: boolean; users: UserRef[]; companies: CompanyRef[] }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useCompanyTime();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  const fetchPage = useMemo(
    () =>
      cursorPaged<AuditRow>(({ searchParam, cursor }) => {
        const query = { ...auditQueryOf(JSON.parse(searchParam) as AuditFilters, timeZone, platform), cursor: cursor ?? undefined };
        return platform ? listPlatformAudit(query) : listAudit(query);
      }),
    [platform, timeZone],
  );
  const list = usePagedList<AuditRow>(filtersKey(filters), fetchPage, { quietFailure: true });
  const filtered = filtersKey(filters) !== filtersKey(NO_FILTERS);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const prefix = platform ? "platform-audit" : "audit";
      await downloadAuditCsv(platform, auditQueryOf(filters, timeZone, platform), i18n.language, exportFileName(prefix, new Date()));
      toast.success(t("audit.exported"));
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="min-w-0 flex-1">
          <AuditFiltersBar filters={filters} onChange={setFilters} users={users} companies={companies} platform={platform} />
        </div>
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} className="w-full lg:w-auto" data-testid={platform ? "platform-audit-export" : "audit-export"}>
          <Download className="size-4" aria-hidden />
          {t("audit.export")}
        </Button>
      </div>
      <Card className="flex min-h-[20rem] flex-1 flex-col overflow-hidden">
        {list.failed && list.items.length === 0 ? (
          <ListFailed message={t("audit.failed")} retryLabel={t("audit.retry")} onRetry={list.reload} />
        ) : (
          <InfiniteScroller list={list}>
            <AuditTable rows={list.items} loaded={list.loaded} loadingMore={list.loading && list.page > 0} filtered={filtered} platform={platform} />
            {list.loaded && list.hasMore && !list.loading ? (
              <div className="flex justify-center border-t border-line p-3">
                <Button variant="outline" onClick={list.loadMore}>
                  {t("audit.loadMore")}
                </Button>
              </div>
            ) : null}
          </InfiniteScroller>
        )}
      </Card>
    </div>
  );
}
