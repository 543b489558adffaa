/** Shapes of the quick messages API (GET /api/quick-messages and friends). */
export interface QuickMessageRow {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: number | null;
  isMedia: boolean;
  /** The API URL that serves the attachment (never a storage key). */
  mediaPath: string | null;
  mediaName: string | null;
}

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
