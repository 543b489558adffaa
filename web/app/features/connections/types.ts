import type { ConnectionHealthView } from "../../../../worker/contracts/sessionHosts";
import type { WhatsappView } from "../../../../worker/contracts/views/whatsapp";
import type { CloudCredentials } from "../../../../worker/contracts/whatsapps";

/** Shapes of the connections API (GET /api/whatsapp and friends): the server's own types. */
export type ConnectionStatus = WhatsappView["status"];

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** A row of GET /api/whatsapp; events and GET /api/whatsapp/:id fill in the rest. */
export interface ConnectionRow {
  id: number;
  name: string;
  number: string;
  status: ConnectionStatus;
  isDefault: boolean;
  updatedAt: string;
  /** WhatsApp Web or Meta's Cloud API (ADR 0050). */
  channel: WhatsappView["channel"];
  /** A cloud connection's state (what an admin must fix, such as an expired token); null for WhatsApp Web. */
  cloud: Pick<NonNullable<WhatsappView["cloud"]>, "error"> | null;
  queues?: QueueRef[];
  /** WhatsApp Web: what its session host last heard, reconnects and recoveries in 24 h, a refusal (issue 30); null for cloud. */
  health?: ConnectionHealthView | null;
  /** Only from GET /api/whatsapp/:id and admins' session events. */
  qrcode?: string;
}

/** GET /api/whatsapp/:id. */
export type Connection = Omit<WhatsappView, "queues"> & { queues: QueueRef[] };

/** POST /api/whatsapp and PUT /api/whatsapp/:id (every field; the server reads numbers and ids as numbers). */
export type ConnectionPayload = Pick<
  WhatsappView,
  | "name"
  | "isDefault"
  | "greetingMessage"
  | "complationMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "transferQueueId"
  | "timeToTransfer"
  | "promptId"
  | "integrationId"
  | "expiresTicket"
  | "expiresInactiveMessage"
  | "timeUseBotQueues"
  | "maxUseBotQueues"
  | "sendIdQueue"
> & { queueIds: number[]; channel?: WhatsappView["channel"]; cloud?: CloudCredentials };

/** A created connection; `sessionError` when the session host could not start it. */
export type CreatedConnection = Connection & { sessionError?: { error: string; message: string } };

export interface NamedRef {
  id: number;
  name: string;
}
