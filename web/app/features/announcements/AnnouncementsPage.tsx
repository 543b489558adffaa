import { Megaphone, Paperclip } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { type Column, InfiniteScroller, ListTable, RowActions, SEARCH_DEBOUNCE_MS, usePagedList, useRowDeletion } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
import { cn } from "../../components/ui/cn";
import { useDebouncedValue } from "../../lib/hooks";
import { deleteAnnouncement, deliveryOf, listAnnouncements, type AnnouncementView, type DeliveryView } from "./api";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { priorityTone } from "./priority";
import "./texts";

/** How often a running delivery's progress is asked for. */
const PROGRESS_EVERY_MS = 700;

/** /announcements (super users): the platform's announcements, their delivery's progress, and the dialog. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList<AnnouncementView>(search, listAnnouncements);
  const [editing, setEditing] = useState<AnnouncementView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: AnnouncementView) => deleteAnnouncement(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("announcements.deleted"),
  });
  const [deliveries, setDeliveries] = useState<Record<number, DeliveryView>>({});

  // Follows each running delivery until it is done.
  const runningIds = Object.values(deliveries)
    .filter((d) => d.status === "running")
    .map((d) => d.announcementId)
    .join();
  useEffect(() => {
    if (!runningIds) return;
    const ids = runningIds.split(",").map(Number);
    const timer = setInterval(async () => {
      const next = await Promise.all(ids.map((id) => deliveryOf(id).catch(() => null)));
      setDeliveries((cur) => {
        const copy = { ...cur };
        for (const d of next) if (d) copy[d.announcementId] = d;
        return copy;
      });
    }, PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [runningIds]);
  const columns: Column<AnnouncementView>[] = [
    {
      header: t("announcements.columns.title"),
      cellClassName: "max-w-0 w-full",
      skeleton: <Skeleton className="h-4 w-48" />,
      cell: (a) => (
        <>
          <p className="truncate font-medium">{a.title}</p>
          <p className="truncate text-xs text-muted">{a.text}</p>
        </>
      ),
    },
    {
      header: t("announcements.columns.priority"),
      className: "w-28",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (a) => <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", priorityTone[a.priority])}>{t(`announcements.priority.${a.priority}`)}</span>,
    },
    {
      header: t("announcements.columns.attachment"),
      className: "hidden w-40 md:table-cell",
      cellClassName: "text-sm text-muted",
      cell: (a) =>
        a.mediaName ? (
          <span className="inline-flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden />
            <span className="truncate">{a.mediaName}</span>
          </span>
        ) : (
          t("announcements.noAttachment")
        ),
    },
    {
      header: t("announcements.columns.status"),
      className: "hidden w-48 sm:table-cell",
      // The title takes the rest of the row (w-full): without a floor the progress bar shrinks to a sliver.
      cellClassName: "min-w-40 text-sm",
      cell: (a) => <AnnouncementStatus active={!!a.status} delivery={deliveries[a.id]} />,
    },
    {
      header: t("announcements.columns.actions"),
      className: "w-24 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (a) => (
        <RowActions
          name={a.title}
          onEdit={() => {
            setEditing(a);
            setDialogOpen(true);
          }}
          onDelete={() => deletion.ask(a)}
        />
      ),
    },
  ];

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("announcements.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("announcements.searchPlaceholder") }}
        add={{
          label: t("announcements.add"),
          onClick: () => {
            setEditing(null);
            setDialogOpen(true);
          },
        }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={list.loading}
            skeletonRows={4}
            empty={{ icon: Megaphone, title: t("announcements.empty"), description: t("announcements.emptyHint") }}
          />
        </InfiniteScroller>
      </Card>
      <AnnouncementDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        announcement={editing}
        onSaved={(a, delivery) => {
          list.upsert(a, !editing);
          if (delivery) setDeliveries((cur) => ({ ...cur, [a.id]: delivery }));
        }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("announcements.deleteTitle", { title: deletion.row?.title ?? "" })}
        message={t("common.deleteConfirm")}
      />
    </PageFrame>
  );
}

/** Whether an announcement shows, and the progress of its delivery to the companies while it runs. */
function AnnouncementStatus({ active, delivery: d }: { active: boolean; delivery: DeliveryView | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={active ? "text-brand-text" : "text-muted"}>{active ? t("announcements.active") : t("announcements.inactive")}</span>
      {d ? (
        <div className="mt-1" data-delivery={d.status}>
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuemin={0} aria-valuemax={d.total} aria-valuenow={d.delivered}>
            <div className="h-full bg-brand transition-all" style={{ width: `${d.total ? (100 * d.delivered) / d.total : 100}%` }} />
          </div>
          <p className="mt-0.5 text-[11px] text-muted">
            {d.status === "done" ? t("announcements.deliveryDone", { count: d.total }) : t("announcements.delivery", { delivered: d.delivered, count: d.total })}
          </p>
        </div>
      ) : null}
    </>
  );
}
