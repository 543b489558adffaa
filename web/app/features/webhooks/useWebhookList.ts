import { useWholeList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listWebhooks } from "./api";
import type { WebhookRow } from "./types";

const newestFirst = (a: WebhookRow, b: WebhookRow) => b.createdAt.localeCompare(a.createdAt);

/**
 * The company's webhook subscriptions, newest first (one answer: a company has a handful), kept current by the
 * `webhookSubscription` events admins receive: made, changed, paused by its failures, resumed, deleted.
 */
export function useWebhookList() {
  const list = useWholeList<WebhookRow>(listWebhooks, { sort: newestFirst });
  useRealtimeEvent("webhookSubscription", (event) => {
    if (event.action === "delete") list.remove(event.subscriptionId);
    else list.upsert(event.subscription);
  });
  return list;
}
