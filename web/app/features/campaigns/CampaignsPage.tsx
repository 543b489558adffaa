import { Link } from "@remix-run/react";
import { Ban, BarChart3, Megaphone, Pause, Play, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { type Column, InfiniteScroller, ListTable, RowAction, RowActions, SEARCH_DEBOUNCE_MS, usePagedList, useRowDeletion } from "../../components/list";
import { cn } from "../../components/ui/cn";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Skeleton } from "../../components/ui/Spinner";
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
  const deletion = useRowDeletion((row: CampaignRow) => deleteCampaign(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("campaigns.deleted"),
  });
  useRealtimeEvent("campaign", (event) => {
    if (event.action === "delete") list.remove(event.campaignId);
    else if (event.action === "progress") return;
    else list.upsertLive(event.campaign, event.campaign.name);
  });
  const act = async (c: CampaignRow, action: CampaignAction) => {
    try {
      list.upsert(await campaignAction(c.id, action));
      toast.success(t(`campaigns.done.${action}`));
    } catch (err) {
      toastError(err);
    }
  };
  const clock = useCompanyTime();
  const when = (iso: string | null) => (iso ? clock.dateTime(iso) : "—");
  const columns: Column<CampaignRow>[] = [
    {
      header: t("campaigns.columns.name"),
      // A share of the width of its own: the other cells' text is short, the name would shrink to an ellipsis.
      className: "w-1/4",
      cellClassName: "max-w-0",
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (c) => (
        <>
          <Link to={`/campaign/${c.id}/report`} className="block truncate font-medium hover:underline max-sm:flex max-sm:min-h-11 max-sm:items-center">
            {c.name}
          </Link>
          <span className="block truncate text-xs text-subtle md:hidden">{c.contactList?.name ?? c.tagList?.name ?? t("campaigns.none")}</span>
          {/* On a phone the status rides under the name: a column of its own would leave the name a finger too narrow. */}
          <span className="mt-1 block whitespace-nowrap sm:hidden">
            <StatusBadge status={c.status} />
          </span>
        </>
      ),
    },
    { header: t("campaigns.columns.status"), className: "hidden w-36 sm:table-cell", skeleton: <Skeleton className="h-5 w-20 rounded-full" />, cell: (c) => <StatusBadge status={c.status} /> },
    {
      header: t("campaigns.columns.contactList"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-0 truncate",
      cell: (c) => c.contactList?.name ?? (c.tagList ? `#${c.tagList.name}` : t("campaigns.none")),
    },
    { header: t("campaigns.columns.whatsapp"), className: "hidden lg:table-cell", cellClassName: "max-w-0 truncate", cell: (c) => c.whatsapp?.name ?? "—" },
    { header: t("campaigns.columns.scheduledAt"), className: "hidden md:table-cell", cellClassName: "whitespace-nowrap", cell: (c) => when(c.scheduledAt) },
    { header: t("campaigns.columns.completedAt"), className: "hidden lg:table-cell", cellClassName: "whitespace-nowrap", cell: (c) => when(c.completedAt) },
    {
      header: t("campaigns.columns.actions"),
      className: "w-44 text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-24" />,
      cell: (c) => (
        <RowActions name={c.name} onEdit={() => setDialog({ campaign: c })} onDelete={c.status !== "EM_ANDAMENTO" ? () => deletion.ask(c) : undefined}>
          <RowAction icon={BarChart3} label={t("campaigns.actions.report")} name={c.name} to={`/campaign/${c.id}/report`} />
          {ACTIONS[c.status].map((action) => (
            <RowAction key={action} icon={ACTION_ICON[action]} label={t(`campaigns.actions.${action}`)} name={c.name} onClick={() => act(c, action)} />
          ))}
        </RowActions>
      ),
    },
  ];

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
          <ListTable
            rows={list.items}
            columns={columns}
            loaded={list.loaded}
            loadingMore={list.loading}
            skeletonRows={4}
            rowProps={(c) => ({ "data-campaign-id": c.id })}
            empty={{ icon: Megaphone, title: search ? t("campaigns.emptySearch") : t("campaigns.empty"), description: search ? undefined : t("campaigns.emptyHint") }}
          />
        </InfiniteScroller>
      </Card>
      <CampaignDialog open={!!dialog} onOpenChange={(open) => !open && setDialog(null)} campaign={dialog?.campaign ?? null} onSaved={(c) => list.upsert(c, !dialog?.campaign)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("campaigns.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={t("campaigns.deleteMessage")}
      />
    </PageFrame>
  );
}
