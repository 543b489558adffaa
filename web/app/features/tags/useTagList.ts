import { useRealtimeEvent } from "../../lib/realtime";
import { usePagedList } from "../../components/list";
import { listTags } from "./api";
import type { TagRow } from "./types";

/** The tags list: searched (the caller debounces), paged, and kept current by `tag` events. */
export function useTagList(search: string) {
  const list = usePagedList<TagRow>(search, listTags);
  useRealtimeEvent("tag", (event) => {
    // The kanban lanes' order is the board's; this list is by name.
    if (event.action === "order") return;
    if (event.action === "delete") {
      list.remove(event.tagId);
      return;
    }
    const { id, name, color, kanban, userId } = event.tag;
    if (list.has(id)) {
      // Events do not carry ticketsCount: the row keeps its own.
      list.patch(id, { name, color, kanban, userId });
      return;
    }
    if (event.action === "create" && (!search || name.toLowerCase().includes(search.toLowerCase()))) {
      list.upsert({ id, name, color, kanban, userId, ticketsCount: 0 }, true);
    }
  });
  return list;
}
