import type { CampaignCounts, CampaignStatus, CampaignView, ShippingStatus } from "../../../../worker/contracts/views/campaign";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the campaigns API: the contract's views as JSON. */
export type { CampaignCounts, CampaignStatus };
export const SLOTS = [1, 2, 3, 4, 5] as const;

export type CampaignRow = Wire<CampaignView>;

export type CampaignPayload = Partial<Omit<CampaignRow, "id" | "companyId" | "createdAt" | "updatedAt" | "status" | "whatsapp" | "contactList" | "tagList" | "editable" | "startedAt" | "completedAt" | "mediaPath" | "mediaName" | "templateName">>;


export type RecipientRow = {
  id: number;
  number: string;
  name: string;
  email: string;
  status: ShippingStatus;
  error: string | null;
  deliveredAt: string | null;
};

export type CampaignReport = {
  campaign: CampaignRow;
  counts: CampaignCounts;
  progress: number;
  failures: { error: string; count: number }[];
  estimatedFinishAt: number | null;
  records: RecipientRow[];
  count: number;
  hasMore: boolean;
};

export type CampaignSettings = {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  windowStart: string;
  windowEnd: string;
  days: number[];
  dailyCap: number;
  optOutWords: string[];
  variables: { key: string; value: string }[];
};
