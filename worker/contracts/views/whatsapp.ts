import type { ConnectionHealthView } from "../sessionHosts";
import type { ConnectionStatus } from "./ticket";

export type QueueRef = { id: number; name: string; color: string };

export type CloudConnectionView = {
  phoneNumberId: string;
  wabaId: string;
  /** Where Meta must post this number's webhooks: a path of its own on a company's own app, else the platform's. */
  webhookPath: string;
  ownApp: boolean;
  /** What an admin must fix (an expired token: ERR_WAPP_TOKEN_EXPIRED), or null. */
  error: string | null;
};

/**
 * A connection as the API and events answer it (domain/whatsapps/view.ts): every field of the row except the API
 * token's hash (only whether one exists). `queues` is present when the caller loaded them.
 */
export type WhatsappView = {
  id: number;
  name: string;
  number: string;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  isDefault: boolean;
  session: string;
  provider: string;
  /** WhatsApp Web through the session host, or Meta's Cloud API (ADR 0050). */
  channel: "baileys" | "cloud";
  /** A cloud connection's ids and state (its secrets are never answered); null for WhatsApp Web. */
  cloud: CloudConnectionView | null;
  /** WhatsApp Web only: what the session host last heard, reconnects, recoveries, a refusal (issue 30); null for cloud. */
  health?: ConnectionHealthView | null;
  hasToken: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  transferQueueId: number | null;
  timeToTransfer: number | null;
  promptId: number | null;
  integrationId: number | null;
  expiresTicket: number;
  expiresInactiveMessage: string;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  sendIdQueue: number | null;
  createdAt: string;
  updatedAt: string;
  queues?: QueueRef[];
};
