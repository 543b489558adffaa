import type { ConnectionStatus } from "./ticket";

export type QueueRef = { id: number; name: string; color: string };

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
