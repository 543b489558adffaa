export type CampaignStatus = "INATIVA" | "PROGRAMADA" | "EM_ANDAMENTO" | "PAUSADA" | "CANCELADA" | "FINALIZADA";
export const SLOTS = [1, 2, 3, 4, 5] as const;
type Slot = (typeof SLOTS)[number];

export type CampaignRow = {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagListId: number | null;
  tagList: { id: number; name: string } | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  editable: boolean;
} & Record<`message${Slot}` | `confirmationMessage${Slot}`, string>;

export type CampaignPayload = Partial<Omit<CampaignRow, "id" | "status" | "whatsapp" | "contactList" | "tagList" | "editable" | "startedAt" | "completedAt" | "mediaPath" | "mediaName">>;

export type CampaignCounts = {
  total: number;
  valid: number;
  queued: number;
  confirming: number;
  confirmed: number;
  sending: number;
  delivered: number;
  failed: number;
  invalid: number;
  skipped: number;
  confirmationRequested: number;
  replied: number;
  optedOut: number;
};

export type RecipientRow = {
  id: number;
  number: string;
  name: string;
  email: string;
  status: "queued" | "confirming" | "confirmed" | "sending" | "delivered" | "failed" | "invalid" | "skipped";
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
