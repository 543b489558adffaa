import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { canEditSchedule } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { useHydratedFlag } from "../../lib/hooks";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Select } from "../../components/ui/Select";
import { zoneLabel } from "../../lib/dates";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { getContact } from "../contacts/api";
import type { ContactPick } from "../tickets/shared/types";
import { deleteSchedule, retrySchedule } from "./api";
import { ScheduleCalendarSkeleton } from "./ScheduleCalendarSkeleton";
import { ScheduleDialog } from "./ScheduleDialog";
import { SchedulesTable } from "./SchedulesTable";
import { SCHEDULE_STATUSES, type ScheduleRow, type ScheduleStatus } from "./types";
import { useScheduleList } from "./useScheduleList";
import "./texts";
import { parsePlatformId } from "../../../../worker/contracts/ids";

const ALL = "all";
/** The calendar and its library load when it is first shown (the list does not pay for them). */
const ScheduleCalendar = lazy(() => import("./ScheduleCalendar").then((m) => ({ default: m.ScheduleCalendar })));
type PageView = "list" | "calendar";

/** /schedules: the company's scheduled messages, searchable and filterable, live; ?contactId= opens a new one for that contact. */
export function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState("");
  const [status, setStatus] = useState<ScheduleStatus | null>(null);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useScheduleList(search, status);
  const [dialog, setDialog] = useState<{ schedule: ScheduleRow | null; contact: ContactPick | null; at?: Date } | null>(null);
  // ?view=calendar keeps the choice in the address (a reload or a shared link opens the same view).
  const view: PageView = params.get("view") === "calendar" ? "calendar" : "list";
  const hydrated = useHydratedFlag();
  const setView = (next: string) =>
    setParams(
      (p) => {
        if (next === "calendar") p.set("view", "calendar");
        else p.delete("view");
        return p;
      },
      { replace: true },
    );
  const openFromCalendar = (schedule: ScheduleRow) => {
    if (canEditSchedule(user, schedule) && schedule.status === "PENDENTE") setDialog({ schedule, contact: null });
    else toast.info(`${schedule.contact.name}: ${t(`schedules.status.${schedule.status}`)}`);
  };
  const deletion = useRowDeletion((row: ScheduleRow) => deleteSchedule(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("schedules.deleted"),
  });

  // Spec 002: a contactId in the URL opens the new-schedule dialog with that contact.
  const contactParam = parsePlatformId(params.get("contactId"));
  useEffect(() => {
    if (contactParam === null) return;
    getContact(contactParam)
      .then((c) => setDialog({ schedule: null, contact: { id: c.id, name: c.name, number: c.number } }))
      .catch(toastError)
      .finally(() =>
        setParams(
          (p) => {
            p.delete("contactId");
            return p;
          },
          { replace: true },
        ),
      );
  }, [contactParam, setParams]);

  const retry = async (schedule: ScheduleRow) => {
    try {
      list.upsert(await retrySchedule(schedule.id));
      toast.success(t("schedules.retried"));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-6xl">
      <PageHeader
        title={t("schedules.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("schedules.searchPlaceholder") }}
        actions={
          <div className="w-full sm:w-40">
            <Select
              aria-label={t("schedules.filter.label")}
              value={status ?? ALL}
              onValueChange={(v) => setStatus(v === ALL ? null : (v as ScheduleStatus))}
              options={[{ value: ALL, label: t("schedules.filter.all") }, ...SCHEDULE_STATUSES.map((s) => ({ value: s, label: t(`schedules.status.${s}`) }))]}
            />
          </div>
        }
        add={{ label: t("schedules.add"), onClick: () => setDialog({ schedule: null, contact: null }) }}
      />
      <p className="-mt-2 mb-3 text-xs text-subtle">{t("schedules.timezone", { timezone: zoneLabel(user.company.timezone, i18n.language) })}</p>
      <Tabs value={view} onValueChange={setView} className="flex min-h-0 flex-1 flex-col">
        <TabsList aria-label={t("schedules.title")}>
          <TabsTrigger value="list">{t("schedules.views.list")}</TabsTrigger>
          <TabsTrigger value="calendar">{t("schedules.views.calendar")}</TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
            <InfiniteScroller list={list}>
              <SchedulesTable
                records={list.items}
                loaded={list.loaded}
                loadingMore={list.loading}
                filtered={!!search || !!status}
                timeZone={user.company.timezone}
                actions={{
                  mayEdit: (s) => canEditSchedule(user, s),
                  onEdit: (s) => setDialog({ schedule: s, contact: null }),
                  onDelete: deletion.ask,
                  onRetry: retry,
                }}
              />
            </InfiniteScroller>
          </Card>
        </TabsContent>
        <TabsContent value="calendar" className="flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden">
          <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
            {hydrated ? (
              <Suspense fallback={<ScheduleCalendarSkeleton />}>
                <ScheduleCalendar
                  search={search}
                  status={status}
                  timeZone={user.company.timezone}
                  onSelect={openFromCalendar}
                  onCreateAt={(at) => setDialog({ schedule: null, contact: null, at })}
                />
              </Suspense>
            ) : (
              <ScheduleCalendarSkeleton />
            )}
          </Card>
        </TabsContent>
      </Tabs>
      <ScheduleDialog
        open={!!dialog}
        onOpenChange={(open) => !open && setDialog(null)}
        schedule={dialog?.schedule}
        contact={dialog?.contact}
        at={dialog?.at}
        onSaved={(s) => (list.has(s.id) ? list.upsert(s) : list.refresh())}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("schedules.deleteTitle", { name: deletion.row?.contact.name ?? "" })}
        message={t("schedules.deleteMessage")}
      />
    </PageFrame>
  );
}
