import { Inbox } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../../components/ui/Spinner";
import { nearBottom } from "../../../lib/hooks";
import type { ListTicket } from "../shared/types";
import type { Viewer } from "./filters";
import { LAST_INTERACTION_REFRESH_MS } from "./lastInteraction";
import { rowActions } from "./rowActions";
import { TicketRow } from "./TicketRow";
import type { TicketListModel } from "./useTicketList";

/** Spec: the next page loads within 100 px of the bottom. */
const LOAD_MORE_THRESHOLD_PX = 100;

/**
 * A clock that ticks every 30 s: the rows' last-interaction labels follow it (spec). It starts at `renderedAt`, the
 * server's time for a page it rendered, so the hydrating rows read as the HTML does; the browser's time follows.
 */
function useNow(intervalMs: number, renderedAt?: number): number {
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export interface RowHandlers {
  onAccept: (ticket: ListTicket) => void;
  onClose: (ticket: ListTicket) => void;
  onPreview: (ticket: ListTicket) => void;
  onSpy: (ticket: ListTicket) => void;
  acceptingId: number | null;
  timeZone: string;
  /** When the server rendered the page the rows hydrate from. */
  renderedAt?: number;
}

export function TicketListView({
  list,
  label,
  emptyHint,
  selectedUuid,
  viewer,
  spyAllowed,
  handlers,
}: {
  list: TicketListModel;
  label: string;
  emptyHint: string;
  selectedUuid: string | undefined;
  viewer: Viewer;
  spyAllowed: boolean;
  handlers: RowHandlers;
}) {
  const { t } = useTranslation();
  const now = useNow(LAST_INTERACTION_REFRESH_MS, handlers.renderedAt);
  const scroller = useRef<HTMLDivElement>(null);
  const { loadMore } = list;

  // A first page that does not fill the box cannot be scrolled: keep loading while there is more.
  useEffect(() => {
    const el = scroller.current;
    if (el && el.offsetParent !== null && list.loaded && !list.loading && list.hasMore && nearBottom(el, LOAD_MORE_THRESHOLD_PX)) loadMore();
  }, [list.loaded, list.loading, list.hasMore, list.tickets.length, loadMore]);

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        if (nearBottom(e.currentTarget, LOAD_MORE_THRESHOLD_PX)) loadMore();
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      aria-busy={list.loading}
    >
      {!list.loaded ? (
        <ul aria-hidden className="divide-y divide-line">
          {Array.from({ length: 7 }, (_, i) => (
            <li key={i} className="flex gap-3 px-3 py-3">
              <Skeleton className="size-11 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2 pt-0.5">
                <div className="flex justify-between gap-4">
                  <Skeleton className="h-4 w-2/5" />
                  <Skeleton className="h-3 w-10" />
                </div>
                <Skeleton className="h-3.5 w-4/5" />
                <div className="flex gap-1.5">
                  <Skeleton className="h-4 w-16 rounded-full" />
                  <Skeleton className="h-4 w-12 rounded-full" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : list.tickets.length === 0 ? (
        <EmptyState icon={Inbox} title={t("tickets.empty.title")} description={emptyHint} className="py-16" />
      ) : (
        <ul aria-label={label}>
          {list.tickets.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              now={now}
              actions={rowActions(ticket, viewer, spyAllowed)}
              accepting={handlers.acceptingId === ticket.id}
              onAccept={handlers.onAccept}
              onClose={handlers.onClose}
              onPreview={handlers.onPreview}
              onSpy={handlers.onSpy}
              timeZone={handlers.timeZone}
            />
          ))}
        </ul>
      )}
      {list.loaded && list.loading ? (
        <div className="flex justify-center py-4 text-muted">
          <Spinner label={t("common.loading")} />
        </div>
      ) : null}
    </div>
  );
}
