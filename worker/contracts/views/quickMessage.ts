/** A quick message (domain/quickMessages/view.ts): mediaPath is the API URL of the attachment, never its key. */
export type QuickMessageView = {
  id: number;
  shortcode: string;
  message: string;
  /** Shared with the whole company (else its owner's only). */
  geral: boolean;
  status: boolean;
  userId: number | null;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
  updatedAt: Date;
};
