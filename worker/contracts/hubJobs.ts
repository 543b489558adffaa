import type { IntegrationEvent, IntegrationReply } from "./integrationWebhook";
import type { ErrorCode } from "./errors";
import type { WhatsappCheckResult } from "./views/contactList";
import type { AiFailure, ChatMessage, ChatUsage } from "../lib/openai";
import type { LinkedMediaRefusal } from "../lib/mediaByLink";

/**
 * What crosses between a company's hub and the queue jobs that call the outside world (the AI model, an
 * integration's webhook or bot, the session host's number check): the turn the hub reads for the job, and the
 * outcome the job hands back (the hub calls assistantTurn/assistantOutcome, integrationTurn/integrationOutcome,
 * nextContactListCheckBatch/recordContactListCheckBatch: contracts/hubCalls.ts).
 */

/** The contact's message a turn answers, on its ticket. */
export type AssistantJobRef = { ticketId: number; messageId: number };

/** What the assistant needs for one answer, read in the hub and handed to the job that calls the model. */
export interface AssistantTurn {
  promptId: number;
  model: string;
  baseUrl: string;
  /** null when the sealed key does not open (DATA_SECRET changed): the turn fails as a refused key. */
  apiKey: string | null;
  temperature: number;
  maxTokens: number;
  /** The system prompt, then the ticket's latest maxMessages messages, oldest first. */
  messages: ChatMessage[];
  /** Where the model may hand the ticket over (transfer_to_human's queue). */
  queues: { id: number; name: string }[];
  /** The contact's voice note to transcribe first: its transcript replaces `messages[index]` and becomes its text. */
  transcribe: { messageId: number; key: string; filename: string; index: number } | null;
  /** Answers go out as voice notes in this voice: through Azure with the prompt's speech key and region, else OpenAI. */
  voice: { name: string; azure: { key: string; region: string } | null } | null;
}

/** What the model's call came to, as the job hands it back to the hub. */
export type AssistantOutcome =
  /** With `audio`, the answer goes out as that voice note (stored in R2 by the job), its text kept as the body. */
  | { kind: "answer"; text: string; usage: ChatUsage; audio?: { key: string; name: string } }
  | { kind: "transfer"; queueId: number | null; text: string; usage: ChatUsage }
  | { kind: "failed"; reason: AiFailure; detail: string; usage: ChatUsage | null };

export type IntegrationTurn =
  | { kind: "webhook"; integrationId: number; url: string; secret: string | null; event: IntegrationEvent }
  | TypebotTurn
  | DialogflowTurn
  /** A type with no client (none today): the ticket goes to an agent with a note rather than waiting forever. */
  | { kind: "unsupported"; integrationId: number; type: string };

/** A Typebot integration's turn (ADR 0040): its settings, the contact's words and the ticket's session, if any. */
export interface TypebotTurn {
  kind: "typebot";
  integrationId: number;
  baseUrl: string;
  publicId: string;
  /** Minutes without messages after which the session ends (0: never). */
  expiresMinutes: number;
  delayMs: number;
  keywordFinish: string;
  keywordRestart: string;
  restartMessage: string;
  unknownMessage: string;
  /** The contact's message text ("" for media without a caption). */
  text: string;
  session: { sessionId: string; choices: string[]; lastAt: number } | null;
  contact: { name: string; number: string };
  now: number;
}

/** A Dialogflow ES integration's turn (ADR 0041): the project, its opened service account and the language. */
export interface DialogflowTurn {
  kind: "dialogflow";
  integrationId: number;
  projectName: string;
  /** The service account JSON, null when it does not open (DATA_SECRET changed). */
  serviceAccount: string | null;
  language: string;
  text: string;
  /** One Dialogflow session per ticket. */
  sessionId: string;
}

export type IntegrationOutcome =
  | { kind: "reply"; reply: IntegrationReply }
  | BotOutcome
  | { kind: "failed"; reason: IntegrationFailure; status: number | null };

export type IntegrationFailure = "timeout" | "network" | "refused" | "rate_limited" | "server" | "bad_response" | "secret" | "credentials" | "unsupported" | "forbidden";

/** A bot's file that was not sent as a file: the egress guard refused its address, or it could not be fetched or was not what it claimed. */
export interface SkippedMedia {
  reason: LinkedMediaRefusal;
  detail: string;
}

/** A message a bot (Typebot, Dialogflow) says: text, or a file the job already stored in R2. */
export interface BotMessage {
  body: string;
  media?: { mediaType: string; key: string; name: string };
}

/** Where a bot lets the ticket go: to a queue (by id or name) and/or an agent, or back to its own queue. */
export type BotAction = { type: "transfer"; queueId?: number; queue?: string; userId?: number } | { type: "end" };

/**
 * What a Typebot or Dialogflow exchange came to (ADR 0040, 0041): messages to say (the job delivers them, spaced
 * by `delayMs`), the Typebot session to keep (null: forget it; absent: leave it), then where the ticket goes.
 */
export interface BotOutcome {
  kind: "bot";
  messages: BotMessage[];
  delayMs: number;
  session?: { sessionId: string; choices: string[] } | null;
  action?: BotAction;
  /** Files the job did not send as files, each noted on the ticket for its agents. */
  skipped?: SkippedMedia[];
}

export interface CheckBatchOutcome {
  /** Each item asked about, with its answer. */
  results: { itemId: number; result: WhatsappCheckResult }[];
  /** The check cannot go on (the connection is gone or not connected): it stops, resumable from this batch. */
  stop?: ErrorCode;
}

/** An event webhook's next attempt, read in the hub for the job that sends it (worker/jobs/webhookDelivery.ts). */
export interface WebhookSend {
  deliveryId: number;
  url: string;
  /** The opened signing secret; null when it does not open (DATA_SECRET changed): the attempt fails as such. */
  secret: string | null;
  eventId: string;
  eventType: string;
  /** The event's JSON, sent and signed exactly as stored. */
  payload: string;
}

/** What one attempt came to, as the job hands it back: the receiver's status (null: no answer) and why it failed. */
export interface WebhookAttempt {
  at: number;
  status: number | null;
  /** null when the receiver took it (2xx). */
  error: string | null;
  durationMs: number;
  /** The egress guard refused the address (a redirect to a private one): no retry can fix it. */
  refused?: boolean;
}
