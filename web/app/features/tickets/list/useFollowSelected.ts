import { useEffect, useRef } from "react";
import type { TicketFeed } from "./useTicketFeed";

/**
 * The ticket on screen became the user's (accepted or reopened from the chat, the header or a notification):
 * the list goes to where it now is, 'Atendendo', with it selected — instead of staying on a tab it left.
 */
export function useFollowSelected(feed: TicketFeed, selectedUuid: string | undefined, userId: number, onBecameMine: () => void) {
  const current = useRef({ selectedUuid, onBecameMine });
  current.current = { selectedUuid, onBecameMine };
  useEffect(
    () =>
      feed.subscribe((event) => {
        if (event.type !== "ticket" || event.ticket.uuid !== current.current.selectedUuid) return;
        const mine = (t: { status: string; userId: number | null } | undefined) => t?.status === "open" && t.userId === userId;
        if (mine(event.ticket) && !mine(event.before)) current.current.onBecameMine();
      }),
    [feed, userId],
  );
}
