import { useWholeList } from "../../components/list";
import { listWebhooks } from "./api";
import type { WebhookRow } from "./types";

const newestFirst = (a: WebhookRow, b: WebhookRow) => b.createdAt.localeCompare(a.createdAt);

/** The company's webhook subscriptions, newest first (one answer: a company has a handful). */
export function useWebhookList() {
  return useWholeList<WebhookRow>(listWebhooks, { sort: newestFirst });
}
