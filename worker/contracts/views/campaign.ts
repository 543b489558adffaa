import type { CAMPAIGN_STATUSES, CampaignTemplate } from "../campaigns";

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A campaign as the API and its events answer it (domain/campaigns/view.ts). */
export type CampaignView = {
  id: number;
  companyId: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagListId: number | null;
  tagList: { id: number; name: string } | null;
  fileListId: number | null;
  /** The API URL of the attachment, never its storage key. */
  mediaPath: string | null;
  mediaName: string | null;
  /** On a Cloud API connection: the template it sends and each variable's source. */
  template: CampaignTemplate | null;
  /** That template's name (null once it is deleted). */
  templateName: string | null;
  /** Whether it may still be edited (not started, and more than an hour from its start). */
  editable: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** A recipient's state in a campaign's send. */
export type ShippingStatus = "queued" | "confirming" | "confirmed" | "sending" | "delivered" | "failed" | "invalid" | "skipped";

/**
 * A campaign report's counts (spec 002 progress: delivered over valid; domain/campaigns/counts.ts): recipients by
 * state, `valid` all but those WhatsApp does not know and those skipped for opting out earlier.
 */
export type CampaignCounts = Record<ShippingStatus, number> & {
  total: number;
  valid: number;
  confirmationRequested: number;
  replied: number;
  optedOut: number;
};
