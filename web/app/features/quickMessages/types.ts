import type { QuickMessageView } from "../../../../worker/contracts/views/quickMessage";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the quick messages API (GET /api/quick-messages and friends): the contract's views as JSON. */
export type QuickMessageRow = Wire<QuickMessageView>;

export interface QuickMessagesPage {
  records: QuickMessageRow[];
  count: number;
  hasMore: boolean;
}

export interface QuickMessagePayload {
  shortcode: string;
  message: string;
  geral?: boolean;
  status: boolean;
}
