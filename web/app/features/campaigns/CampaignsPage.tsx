import { Link } from "@remix-run/react";
import { Ban, BarChart3, Megaphone, Pause, Pencil, Play, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, usePagedList } from "../../components/list";
import { Button, buttonClasses } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { ZoneNote } from "../../components/ui/ZoneNote";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { campaignAction, type CampaignAction, deleteCampaign, listCampaigns } from "./api";
import { CampaignDialog } from "./CampaignDialog";
import type { CampaignRow, CampaignStatus } from "./types";
import "./texts";

const STATUS_TONE: Record<CampaignStatus, string> = {
  INATIVA: "bg-line text-muted",
  PROGRAMADA: "bg-sky-500/15 text-sky-800 dark:text-sky-200",
  EM_ANDAMENTO: "bg-brand/15 text-fg",
  PAUSADA: "bg-amber-500/15 text-amber-900 dark:text-amber-200",
  CANCELADA: "bg-danger/15 text-danger",
  FINALIZADA: "bg-emerald-500/15 text-emerald-900 dark:text-emerald-200",
};

/** Which actions a campaign in each state offers. */
const ACTIONS: Record<CampaignStatus, CampaignAction[]> = {
  INATIVA: [],
  PROGRAMADA: ["cancel"],
  EM_ANDAMENTO: ["pause", "cancel"],
  PAUSADA: ["resume", "cancel"],
  CANCELADA: ["restart"],
  FINALIZADA: ["restart"],
};
const ACTION_ICON = { cancel: Ban, pause: Pause, resume: Play, restart: RotateCcw } as const;

export function StatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", STATUS_TONE[status])}>{t(`campaigns.status.${status}`)}</span>;
}

/** /campaigns (spec 002): the campaigns, searchable and live, with their actions, dialog and report. */
export function CampaignsPage() {
  const { t, i18n } = useTranslation();
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList<CampaignRow>(search, listCampaigns);
  const [dialog, setDialog] = useState<{ campaign: CampaignRow | null } | null>(null);
  const [deleting, setDeleting] = useState<CampaignRow | null>(null);
  useRealtimeEvent("campaign", (event) => {
    if (event.action === "delete") list.remove(event.campaignId);
    else if (event.action === "progress") return;
    else if (list.has(event.campaign.id)) list.upsert(event.campaign);
    else if (!search || event.campaign.name.toLowerCase().includes(search.toLowerCase())) list.upsert(event.campaign, true);
  });
  const act = async (c: CampaignRow, action: CampaignAction) => {
    try {
      list.upsert(await campaignAction(c.id, action));
      toast.success(t(`campaigns.done.${action}`));
    } catch (err) {
      toastError(err);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteCampaign(deleting.id);
      list.remove(deleting.id);
      toast.success(t("campaigns.deleted"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  const clock = useCompanyTime();
  const when = (iso: string | null) => (iso ? clock.dateTime(iso) : "—");

  return (
    <PageFrame className="h-full min-h-0 max-w-6xl">
      <PageHeader
        title={t("campaigns.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("campaigns.searchPlaceholder") }}
        add={{ label: t("campaigns.add"), onClick: () => setDialog({ campaign: null }) }}
      />
      <ZoneNote className="-mt-2 mb-2" />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <InfiniteScroller list={list}>
          {list.loaded && list.items.length === 0 ? (
            <EmptyState icon={Megaphone} title={search ? t("campaigns.emptySearch") : t("campaigns.empty")} description={search ? undefined : t("campaigns.emptyHint")} />
          ) : (
            <Table>
              <THead>
                <Tr className="hover:bg-transparent">
                  <Th>{t("campaigns.columns.name")}</Th>
                  <Th className="w-36">{t("campaigns.columns.status")}</Th>
                  <Th className="hidden md:table-cell">{t("campaigns.columns.contactList")}</Th>
                  <Th className="hidden lg:table-cell">{t("campaigns.columns.whatsapp")}</Th>
                  <Th className="hidden md:table-cell">{t("campaigns.columns.scheduledAt")}</Th>
                  <Th className="hidden lg:table-cell">{t("campaigns.columns.completedAt")}</Th>
                  <Th className="w-44 text-right">{t("campaigns.columns.actions")}</Th>
                </Tr>
              </THead>
              <TBody>
                {!list.loaded
                  ? Array.from({ length: 4 }, (_, i) => (
                      <Tr key={i} aria-hidden>
                        <Td colSpan={7}>
                          <Skeleton className="h-4 w-full" />
                        </Td>
                      </Tr>
                    ))
                  : list.items.map((c) => (
                      <Tr key={c.id} data-campaign-id={c.id}>
                        <Td className="max-w-0">
                          <Link to={`/campaign/${c.id}/report`} className="block truncate font-medium hover:underline">
                            {c.name}
                          </Link>
                          <span className="block truncate text-xs text-subtle md:hidden">{c.contactList?.name ?? c.tagList?.name ?? t("campaigns.none")}</span>
                        </Td>
                        <Td>
                          <StatusBadge status={c.status} />
                        </Td>
                        <Td className="hidden max-w-0 truncate md:table-cell">{c.contactList?.name ?? (c.tagList ? `#${c.tagList.name}` : t("campaigns.none"))}</Td>
                        <Td className="hidden max-w-0 truncate lg:table-cell">{c.whatsapp?.name ?? "—"}</Td>
                        <Td className="hidden whitespace-nowrap md:table-cell">{when(c.scheduledAt)}</Td>
                        <Td className="hidden whitespace-nowrap lg:table-cell">{when(c.completedAt)}</Td>
                        <Td className="pl-0">
                          <div className="flex justify-end gap-0.5">
                            <Link to={`/campaign/${c.id}/report`} className={buttonClasses("ghost", "icon-sm")} aria-label={`${t("campaigns.actions.report")}: ${c.name}`} title={t("campaigns.actions.report")}>
                              <BarChart3 className="size-4" aria-hidden />
                            </Link>
                            {ACTIONS[c.status].map((action) => {
                              const Icon = ACTION_ICON[action];
                              return (
                                <Button key={action} variant="ghost" size="icon-sm" onClick={() => act(c, action)} aria-label={`${t(`campaigns.actions.${action}`)}: ${c.name}`} title={t(`campaigns.actions.${action}`)}>
                                  <Icon className="size-4" aria-hidden />
                                </Button>
                              );
                            })}
                            <Button variant="ghost" size="icon-sm" onClick={() => setDialog({ campaign: c })} aria-label={`${t("campaigns.actions.edit")}: ${c.name}`} title={t("campaigns.actions.edit")}>
                              <Pencil className="size-4" aria-hidden />
                            </Button>
                            {c.status !== "EM_ANDAMENTO" ? (
                              <Button variant="ghost" size="icon-sm" onClick={() => setDeleting(c)} aria-label={`${t("campaigns.actions.delete")}: ${c.name}`} title={t("campaigns.actions.delete")} className="hover:text-danger">
                                <Trash2 className="size-4" aria-hidden />
                              </Button>
                            ) : null}
                          </div>
                        </Td>
                      </Tr>
                    ))}
                {list.loading && list.loaded ? <LoadingMoreRow colSpan={7} label={t("common.loading")} /> : null}
              </TBody>
            </Table>
          )}
        </InfiniteScroller>
      </Card>
      <CampaignDialog open={!!dialog} onOpenChange={(open) => !open && setDialog(null)} campaign={dialog?.campaign ?? null} onSaved={(c) => list.upsert(c, !dialog?.campaign)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("campaigns.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("campaigns.deleteMessage")}
        onConfirm={confirmDelete}
      />
    </PageFrame>
  );
}
