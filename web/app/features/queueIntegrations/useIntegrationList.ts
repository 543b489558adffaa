import { usePagedList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listIntegrations } from "./api";
import type { IntegrationRow } from "./types";

/** The integrations list: searched (the caller debounces), paged, kept current by `queueIntegration` events. */
export function useIntegrationList(search: string) {
  const list = usePagedList<IntegrationRow>(search, listIntegrations);
  useRealtimeEvent("queueIntegration", (event) => {
    if (event.action === "delete") {
      list.remove(event.integrationId);
      return;
    }
    // To admins only: the whole view (never a secret).
    const row = event.queueIntegration;
    if (list.has(row.id)) list.patch(row.id, row);
    else if (event.action === "create" && (!search || row.name.toLowerCase().includes(search.toLowerCase()))) list.upsert(row, true);
  });
  return list;
}
