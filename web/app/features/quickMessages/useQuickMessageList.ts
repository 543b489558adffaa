import { useRealtimeEvent } from "../../lib/realtime";
import { usePagedList } from "../../components/list";
import { listQuickMessages } from "./api";
import type { QuickMessageRow } from "./types";

const matches = (qm: QuickMessageRow, search: string) => {
  const term = search.toLowerCase();
  return !term || qm.shortcode.toLowerCase().includes(term) || qm.message.toLowerCase().includes(term);
};

/**
 * The quick messages list: searched (the caller debounces), paged, and kept current by `quickMessage` events
 * (the server sends each user only those they may see, and a delete when one stops being visible).
 */
export function useQuickMessageList(search: string) {
  const list = usePagedList<QuickMessageRow>(search, listQuickMessages);
  useRealtimeEvent("quickMessage", (event) => {
    if (event.action === "delete") {
      list.remove(event.quickMessageId);
      return;
    }
    const qm = event.quickMessage;
    if (list.has(qm.id)) list.upsert(qm);
    else if (matches(qm, search)) list.upsert(qm, true);
  });
  return list;
}
