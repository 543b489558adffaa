import { Megaphone, Paperclip, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, usePagedList } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { cn } from "../../components/ui/cn";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { toast } from "../../lib/toast";
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
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
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
          {list.loaded && list.items.length === 0 ? (
            <EmptyState icon={Megaphone} title={t("announcements.empty")} description={t("announcements.emptyHint")} />
          ) : (
            <Table>
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th>{t("announcements.columns.title")}</Th>
                  <Th className="w-28">{t("announcements.columns.priority")}</Th>
                  <Th className="hidden w-40 md:table-cell">{t("announcements.columns.attachment")}</Th>
                  <Th className="hidden w-48 sm:table-cell">{t("announcements.columns.status")}</Th>
                  <Th className="w-24 text-right">{t("announcements.columns.actions")}</Th>
                </Tr>
              </THead>
              <TBody>
                {!list.loaded
                  ? Array.from({ length: 4 }, (_, i) => (
                      <Tr key={i} aria-hidden>
                        <Td colSpan={5}>
                          <Skeleton className="h-6 w-full" />
                        </Td>
                      </Tr>
                    ))
                  : list.items.map((a) => {
                      const d = deliveries[a.id];
                      return (
                        <Tr key={a.id}>
                          <Td className="max-w-0 w-full">
                            <p className="truncate font-medium">{a.title}</p>
                            <p className="truncate text-xs text-muted">{a.text}</p>
                          </Td>
                          <Td>
                            <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", priorityTone[a.priority])}>{t(`announcements.priority.${a.priority}`)}</span>
                          </Td>
                          <Td className="hidden text-sm text-muted md:table-cell">
                            {a.mediaName ? (
                              <span className="inline-flex items-center gap-1">
                                <Paperclip className="size-3.5" aria-hidden />
                                <span className="truncate">{a.mediaName}</span>
                              </span>
                            ) : (
                              t("announcements.noAttachment")
                            )}
                          </Td>
                          <Td className="hidden text-sm sm:table-cell">
                            <span className={a.status ? "text-brand-text" : "text-muted"}>{a.status ? t("announcements.active") : t("announcements.inactive")}</span>
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
                          </Td>
                          <Td className="text-right whitespace-nowrap">
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              aria-label={t("announcements.dialog.editTitle")}
                              onClick={() => {
                                setEditing(a);
                                setDialogOpen(true);
                              }}
                            >
                              <Pencil className="size-4" aria-hidden />
                            </Button>
                            <Button variant="ghost" size="icon-sm" aria-label={t("announcements.deleteTitle", { title: a.title })} onClick={() => setDeleting(a)}>
                              <Trash2 className="size-4" aria-hidden />
                            </Button>
                          </Td>
                        </Tr>
                      );
                    })}
              </TBody>
            </Table>
          )}
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
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("announcements.deleteTitle", { title: deleting?.title ?? "" })}
        message={t("common.deleteConfirm")}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteAnnouncement(deleting.id);
            list.remove(deleting.id);
            toast.success(t("announcements.deleted"));
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      />
    </PageFrame>
  );
}
