import { useCallback } from "react";
import { usePagedList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { getUser, listUsers } from "./api";
import type { UserRow } from "./types";

/**
 * The users list: searched (the caller debounces), paged by pageNumber with hasMore, and kept current by
 * `user` websocket events (spec: user lists update live).
 */
export function useUserList(search: string) {
  const fetchPage = useCallback(async (params: { searchParam: string; pageNumber: number }) => {
    const body = await listUsers(params);
    return {
      items: body.users ?? [],
      count: body.count ?? 0,
      hasMore: !!body.hasMore,
    };
  }, []);
  const list = usePagedList<UserRow>(search, fetchPage);

  useRealtimeEvent("user", (event) => {
    if (event.action === "delete") {
      list.remove(event.userId);
      return;
    }
    const refetch = (atTop: boolean) =>
      getUser(event.userId)
        .then((user) => list.upsert(user, atTop))
        .catch(() => undefined);
    if (list.has(event.userId)) {
      // The event carries a summary (name, email, profile, online); queues and the rest need the full row.
      if (event.user) {
        const { name, email, profile, online } = event.user;
        list.patch(event.userId, { name, email, profile, online });
      } else void refetch(false);
      return;
    }
    // A new user shows at the top of an unfiltered list; a search shows it on its next run.
    if (event.action === "create" && !search) void refetch(true);
  });

  return list;
}
