import * as TabsPrimitive from "../../../components/ui/PlainTabs";
import { useParams, useRouteLoaderData } from "@remix-run/react";
import { CircleCheckBig, Inbox, Search, UsersRound, type LucideIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn";
import { useDebouncedValue } from "../../../lib/hooks";
import { lazyWhenOpen } from "../../../lib/lazyWhenOpen";
import { useRealtimeRoom } from "../../../lib/realtime";
import { useSessionUser } from "../../../lib/session-user";
import { can } from "../../../../../worker/contracts/permissions";
import { listSeedKey, type InboxSeed } from "../seed";
import type { ListTicket } from "../shared/types";
import { mayFilterByUser, mayShowAll, viewerOf, visibleTabs, type ListFilter, type TabKey } from "./filters";
import { CloseAllControl } from "./CloseAllControl";
import { ListToolbar } from "./ListToolbar";
import { NotificationPrompt } from "./NotificationPrompt";
import { useQueueSelection } from "./queueSelection";
import { SearchFilters } from "./SearchFilters";
import { TicketListView, type RowHandlers } from "./TicketListView";
import { useFollowSelected } from "./useFollowSelected";
import { useIncomingAlerts } from "./useIncomingAlerts";
import { useSearchOptions } from "./useSearchOptions";
import { useTicketActions } from "./useTicketActions";
import { useTicketFeed } from "./useTicketFeed";
import { useTicketKeys } from "./useTicketKeys";
import { useTicketList, type TicketListModel } from "./useTicketList";

const NewTicketDialog = lazyWhenOpen(
  () => import("./NewTicketDialog").then((m) => m.NewTicketDialog),
  (props) => props.open,
);
// The preview and the spy show a conversation (the chat's message list): their code loads when first opened, as does
// the close confirmation's dialog.
const PreviewDialog = lazyWhenOpen(
  () => import("./PreviewDialog").then((m) => m.PreviewDialog),
  (props) => props.ticket !== null,
);
const SpyDialog = lazyWhenOpen(
  () => import("./SpyDialog").then((m) => m.SpyDialog),
  (props) => props.ticket !== null,
);
const ConfirmDialog = lazyWhenOpen(
  () => import("../../../components/ui/ConfirmDialog").then((m) => m.ConfirmDialog),
  (props) => props.open,
);

/** Spec: searches wait 500 ms. */
const SEARCH_DEBOUNCE_MS = 500;

const tabIcons: Record<TabKey, LucideIcon> = { open: Inbox, group: UsersRound, closed: CircleCheckBig, search: Search };

/**
 * The ticket list of the inbox (spec 000 section 2): tabs open (assigned / waiting), group, closed and search,
 * the queue selector and show-all toggle, the row actions and the new-ticket dialog. Lists stay current by
 * websocket; a new incoming message notifies.
 */
export function TicketsManager() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const viewer = useMemo(() => viewerOf(user), [user]);
  const { uuid: selectedUuid } = useParams();
  const tabs = visibleTabs(viewer);
  const [tab, setTab] = useState<TabKey>("open");
  const [openTab, setOpenTab] = useState<"open" | "pending">("open");
  const showAllAllowed = mayShowAll(user);
  const withUserFilter = mayFilterByUser(user);
  const spyAllowed = can(user, "tickets:spy");
  const [showAll, setShowAll] = useState(false);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [spying, setSpying] = useState<ListTicket | null>(null);
  const queues = useQueueSelection(user, user.profile === "admin");

  const alerts = useIncomingAlerts(viewer, selectedUuid);
  const feed = useTicketFeed(alerts.onIncoming);
  // An accepted ticket is one of the user's own now: show the list it moved to.
  const showAttending = useCallback(() => {
    setTab("open");
    setOpenTab("open");
  }, []);
  const actions = useTicketActions(feed, showAttending);
  useFollowSelected(feed, selectedUuid, user.id, showAttending);

  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const searchOptions = useSearchOptions(tab === "search", withUserFilter);

  const common = { queueIds: queues.queueIds, showAll: showAllAllowed && showAll };
  const filter = (list: ListFilter["list"], extra: Partial<ListFilter> = {}): ListFilter => ({ list, ...common, ...extra });
  const ready = queues.ready;
  const seed = useRouteLoaderData<InboxSeed | null>("routes/_app.tickets");
  const seedOf = (key: string) => seed?.lists.find((l) => l.key === key) ?? null;
  const lists: Record<ListFilter["list"], TicketListModel> = {
    // The open tab's two lists stay loaded: their counts show on the sub-tabs. They start from the server's pages.
    open: useTicketList(filter("open"), viewer, feed, ready, seedOf(listSeedKey(filter("open")))),
    pending: useTicketList(filter("pending"), viewer, feed, ready, seedOf(listSeedKey(filter("pending")))),
    group: useTicketList(filter("group"), viewer, feed, ready && tab === "group"),
    closed: useTicketList(filter("closed"), viewer, feed, ready && tab === "closed"),
    search: useTicketList(
      filter("search", { search, tags: tagIds, users: withUserFilter ? userIds : [] }),
      viewer,
      feed,
      ready && tab === "search",
    ),
  };

  useTicketKeys(lists[tab === "open" ? openTab : tab].tickets, selectedUuid);

  useRealtimeRoom({ type: "joinTickets", status: "open" }, { type: "leaveTickets", status: "open" });
  useRealtimeRoom({ type: "joinTickets", status: "pending" }, { type: "leaveTickets", status: "pending" });
  useRealtimeRoom(tab === "closed" || tab === "search" ? { type: "joinTickets", status: "closed" } : null, { type: "leaveTickets", status: "closed" });

  const handlers: RowHandlers = {
    onAccept: actions.accept,
    onClose: actions.askClose,
    onPreview: actions.preview,
    onSpy: setSpying,
    acceptingId: actions.acceptingId,
    timeZone: user.company.timezone || "America/Sao_Paulo",
    renderedAt: seed?.renderedAt,
  };
  const listView = (key: ListFilter["list"], label: string) => (
    <TicketListView
      list={lists[key]}
      label={label}
      emptyHint={t(`tickets.empty.${key}`)}
      selectedUuid={selectedUuid}
      viewer={viewer}
      spyAllowed={spyAllowed}
      handlers={handlers}
    />
  );

  return (
    <section aria-label={t("tickets.title")} className="flex h-full min-h-0 flex-col">
      <TabsPrimitive.Root value={tab} onValueChange={(v) => setTab(v as TabKey)} className="flex min-h-0 flex-1 flex-col">
        <TabsPrimitive.List aria-label={t("tickets.tabs.label")} className="flex shrink-0 border-b border-line">
          {tabs.map((key) => {
            const Icon = tabIcons[key];
            return (
              <TabsPrimitive.Trigger
                key={key}
                value={key}
                className={cn(
                  // Phones: one line of words (the whole width is theirs); beside the chat: the icon over a smaller word.
                  "-mb-px flex min-h-11 min-w-0 flex-1 items-center justify-center border-b-2 border-transparent px-1 py-2.5 text-sm font-medium text-muted transition-colors",
                  "md:flex-col md:gap-0.5 md:pt-2.5 md:pb-2 md:text-xs",
                  "hover:bg-surface-2 hover:text-fg focus-visible:bg-surface-2 focus-visible:outline-none",
                  "data-[state=active]:border-brand data-[state=active]:text-brand-text",
                )}
              >
                <Icon className="hidden size-[18px] md:block" aria-hidden />
                <span className="max-w-full truncate">{t(`tickets.tabs.${key}`)}</span>
              </TabsPrimitive.Trigger>
            );
          })}
        </TabsPrimitive.List>
        <ListToolbar
          onNewTicket={() => setNewTicketOpen(true)}
          queues={queues.options}
          selection={queues.selection}
          onToggleQueue={queues.toggle}
          onAllQueues={queues.selectAll}
          showAllAllowed={showAllAllowed}
          showAll={showAll}
          onShowAll={setShowAll}
        >
          {can(user, "tickets:closeAll") ? <CloseAllControl status={openTab} queueIds={queues.queueIds} /> : null}
        </ListToolbar>
        {alerts.askPermission ? <NotificationPrompt onAnswer={(enable) => void alerts.answerPermission(enable)} /> : null}

        <TabsPrimitive.Content value="open" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
          <TabsPrimitive.Root value={openTab} onValueChange={(v) => setOpenTab(v as "open" | "pending")} className="flex min-h-0 flex-1 flex-col">
            <TabsPrimitive.List aria-label={t("tickets.subtabs.label")} className="flex shrink-0 gap-1 border-b border-line px-2 py-1 md:py-1.5">
              {(["open", "pending"] as const).map((key) => (
                <TabsPrimitive.Trigger
                  key={key}
                  value={key}
                  className={cn(
                    "flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-1.5 max-sm:min-h-11 text-sm font-medium text-muted transition-colors",
                    "hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none",
                    "data-[state=active]:bg-brand-soft data-[state=active]:text-brand-text",
                  )}
                >
                  {t(`tickets.subtabs.${key}`)}
                  <span
                    className={cn(
                      "inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] font-bold tabular-nums",
                      key === "pending" && lists.pending.count > 0 ? "bg-danger text-danger-fg" : "bg-surface-3 text-muted",
                    )}
                  >
                    {lists[key].loaded ? lists[key].count : "–"}
                  </span>
                </TabsPrimitive.Trigger>
              ))}
            </TabsPrimitive.List>
            <TabsPrimitive.Content value="open" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
              {listView("open", t("tickets.subtabs.open"))}
            </TabsPrimitive.Content>
            <TabsPrimitive.Content value="pending" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
              {listView("pending", t("tickets.subtabs.pending"))}
            </TabsPrimitive.Content>
          </TabsPrimitive.Root>
        </TabsPrimitive.Content>
        {tabs.includes("group") ? (
          <TabsPrimitive.Content value="group" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
            {listView("group", t("tickets.tabs.group"))}
          </TabsPrimitive.Content>
        ) : null}
        {tabs.includes("closed") ? (
          <TabsPrimitive.Content value="closed" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
            {listView("closed", t("tickets.tabs.closed"))}
          </TabsPrimitive.Content>
        ) : null}
        <TabsPrimitive.Content value="search" className="flex min-h-0 flex-1 flex-col focus-visible:outline-none data-[state=inactive]:hidden">
          <SearchFilters
            text={searchText}
            onText={setSearchText}
            tags={searchOptions.tags}
            tagIds={tagIds}
            onTagIds={setTagIds}
            users={searchOptions.users}
            userIds={userIds}
            onUserIds={setUserIds}
            withUsers={withUserFilter}
          />
          {listView("search", t("tickets.tabs.search"))}
        </TabsPrimitive.Content>
      </TabsPrimitive.Root>

      <NewTicketDialog
        open={newTicketOpen}
        onOpenChange={setNewTicketOpen}
        onCreated={(ticket) => {
          feed.apply(ticket);
          setTab("open");
          setOpenTab("open");
        }}
      />
      <PreviewDialog
        ticket={actions.previewing}
        onOpenChange={(open) => !open && actions.endPreview()}
        onAccept={actions.accept}
        accepting={actions.previewing !== null && actions.acceptingId === actions.previewing.id}
      />
      <SpyDialog ticket={spying} onOpenChange={(open) => !open && setSpying(null)} />
      <ConfirmDialog
        open={!!actions.closing}
        onOpenChange={(open) => !open && actions.cancelClose()}
        title={t("tickets.closeConfirm.title", { name: actions.closing?.contact?.name ?? "" })}
        message={t("tickets.closeConfirm.message")}
        confirmLabel={t("tickets.closeConfirm.confirm")}
        destructive={false}
        onConfirm={actions.confirmClose}
      />
    </section>
  );
}
