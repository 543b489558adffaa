import type { AuditPage, AuditQuery, AuditRecordInput } from "./audit";
import type { PixSettings } from "./billing";
import type { SetupCompanyInput } from "./companies";
import type { ErrorCode } from "./errors";
import type { AssistantJobRef, AssistantOutcome, AssistantTurn, CheckBatchOutcome, IntegrationOutcome, IntegrationTurn, WebhookAttempt, WebhookSend } from "./hubJobs";
import type { SendMessageInput } from "./messages";
import type { AutomationRuleRun } from "./automation/ruleRun";
import type { AssignmentScope } from "./queues";
import type { SendTemplateInput } from "./whatsappTemplates";
import type { ContactListCheckJob, DeliveryJob } from "./outbound";
import type { CloseAllInput, CreateTicketInput, UpdateTicketInput } from "./tickets";
import type { MessageView, StoredMedia } from "./views/message";
import type { SessionGrant, SessionUser } from "./views/session";
import type { TicketView } from "./views/ticket";
import type { TwoFactorChallenge } from "./twoFactor";
import type { MacroRunView } from "./views/macro";
import type { PushTarget } from "./push";
import type { ArchiveSourceKind, ImportFinishResult, ImportRowsInput, ImportRowsResult, ImportView } from "./companyArchive";
import type { CompanyExportRequester, CompanyExportView } from "./companyExports";

/**
 * The hub's call and command map: each name, what it takes and what it answers. The registries that run them
 * (domain/hubCalls.ts, domain/hubCommands.ts) satisfy it, and the ports that reach a hub (domain/hubPort.ts) are
 * typed by it, so the port depends on this map and not on the verbs (which depend on the port).
 */

/** Where a contact list's WhatsApp check stands: which run, and the next item to ask about. */
export type ContactListCheckCursor = Omit<ContactListCheckJob, "kind" | "companyId">;

/** What is asked of a company's hub with nobody logged in there (`hubs.of(companyId).call(name, input)`). */
export type HubCallMap = {
  signIn: { input: { email: string; password: string; ip: string; userAgent: string | null }; output: SessionGrant | TwoFactorChallenge };
  signInTwoFactor: { input: { userId: number; code: string | null; recoveryCode: string | null; ip: string; userAgent: string | null }; output: SessionGrant };
  setupCompany: { input: SetupCompanyInput; output: { adminId: number | null } };
  companySettingRows: { input: Record<string, never>; output: { key: string; value: string }[] };
  refreshSession: { input: { refreshToken: string }; output: SessionGrant };
  applyPasswordReset: { input: { userId: number; passwordHash: string }; output: { ok: true } };
  pixSettings: { input: Record<string, never>; output: PixSettings };
  pageSession: { input: { token: string }; output: SessionUser };
  publicSetting: { input: { key: "allowregister" | "viewregister" | "trial" }; output: { key: string; value: string } };
  loadSessionState: { input: { whatsappId: number }; output: { creds: unknown; keys: Record<string, Record<string, unknown>> } };
  saveSessionCreds: { input: { whatsappId: number; creds: unknown }; output: void };
  saveSessionKeys: { input: { whatsappId: number; set: Record<string, Record<string, unknown>> }; output: void };
  wipeSessionState: { input: { whatsappId: number }; output: void };
  deliverOutbound: { input: DeliveryJob; output: void };
  assistantTurn: { input: AssistantJobRef; output: AssistantTurn | null };
  /** `deliverNow`: the answer's message, to deliver at once. */
  assistantOutcome: { input: AssistantJobRef & { promptId: number; outcome: AssistantOutcome }; output: { applied: boolean; deliverNow?: number } };
  assistantTranscript: { input: { messageId: number; text: string }; output: { saved: boolean } };
  integrationTurn: { input: AssistantJobRef; output: IntegrationTurn | null };
  /** `deliverNow`: the bot's messages, to deliver at once, in order. */
  integrationOutcome: { input: AssistantJobRef & { integrationId: number; outcome: IntegrationOutcome }; output: { applied: boolean; deliverNow?: number[] } };
  nextContactListCheckBatch: { input: ContactListCheckCursor; output: { whatsappId: number; items: { id: number; number: string }[] } | null };
  /** Answers the next batch's cursor, or null when the check is done or stopped. */
  recordContactListCheckBatch: { input: ContactListCheckCursor & CheckBatchOutcome; output: ContactListCheckCursor | null };
  /** Answers the ids of the messages stored. */
  sendFileListToTicket: { input: { ticketId: number; fileListId: number }; output: number[] };
  markDeliveryFailed: { input: { job: DeliveryJob; code: ErrorCode }; output: void };
  /** Null: not a Cloud API connection of this company. */
  templateStatus: { input: { whatsappId: number; metaId: string; status: string; reason: string | null }; output: { updated: number } };
  cloudIntake: { input: { whatsappId: number; messageIds: string[] }; output: { accessToken: string | null; known: string[] } | null };
  /** An event webhook's delivery to attempt now; null when there is nothing to send (done, gone, paused, not due). */
  webhookSend: { input: { deliveryId: number; at: number }; output: WebhookSend | null };
  /** Records an attempt; answers when to try again (epoch ms), or null when the delivery is done or gave up. */
  webhookAttempt: { input: { deliveryId: number; attempt: WebhookAttempt }; output: { retryAt: number | null } };
  /** An event's turn of the automation rules (issue 26); run only from inside the command queue (rules/hearEvents.ts). */
  runAutomationRules: { input: AutomationRuleRun; output: void };
  /** A pass of automatic assignment (issue 26); run only from inside the command queue (scheduleAssignment). */
  assignWaitingTickets: { input: AssignmentScope; output: { assigned: number } };
  /** Web Push (issue 29, worker/jobs/push.ts): a user's devices to send a job to, and what their push services answered. */
  pushTargets: { input: { userId: number; subscriptionIds?: number[] }; output: PushTarget[] };
  pushOutcome: { input: { userId: number; delivered: number[]; gone: number[]; at: number }; output: { removed: number } };
  /** A page of the company's audit log, for a super admin during a support access (issue 28). */
  auditPage: { input: Pick<AuditQuery, "actorId" | "action" | "from" | "to" | "cursor" | "limit">; output: AuditPage };
  /** An entry of the company's audit log written for a super admin acting from the platform (issue 28). */
  recordAudit: { input: { record: AuditRecordInput; client: { ip: string; userAgent: string | null } | null }; output: void };
  /** The import API (issue 27, domain/dataImport): a platform admin's import into this company. */
  openImport: { input: { kind: ArchiveSourceKind; sourceCompanyId: number; fingerprint: string; requireEmpty: boolean; startedBy: string; carrySessions?: boolean }; output: ImportView };
  findImport: { input: { kind: ArchiveSourceKind; sourceCompanyId: number; fingerprint: string }; output: ImportView | null };
  importState: { input: { importId: number }; output: ImportView };
  importRows: { input: ImportRowsInput & { importId: number }; output: ImportRowsResult };
  finishImport: { input: { importId: number; keepConnectionStatus: boolean; actor: { id: number; name: string } }; output: ImportFinishResult };
  /** Starts an export of the company (issue 27 §3): an admin of it, or a super admin from the platform. */
  startCompanyExport: { input: { requestedBy: CompanyExportRequester; client: { ip: string; userAgent: string | null } | null }; output: CompanyExportView };
  /** The company's exports, newest first, with their signed links. */
  listCompanyExports: { input: Record<string, never>; output: CompanyExportView[] };
};

/** Ticket commands: run in the hub's command queue as the acting agent (`ctx.hub.command(name, input)`). */
export type HubCommandMap = {
  createTicket: { input: CreateTicketInput; output: TicketView };
  /** undefined: the ticket is gone from the acting agent's sight after the change. */
  updateTicket: { input: { ticketId: number; changes: UpdateTicketInput }; output: TicketView | undefined };
  deleteTicket: { input: { ticketId: number }; output: { id: number } };
  sendMessage: { input: SendMessageInput & { ticketId: number; media?: StoredMedia[]; clientId?: string | null }; output: MessageView[] };
  sendTemplate: { input: SendTemplateInput & { ticketId: number }; output: MessageView[] };
  reactToMessage: { input: { messageId: number; emoji: string }; output: MessageView };
  forwardMessage: { input: { messageId: number; contactId: number; signMessage: boolean }; output: { message: MessageView; ticketId: number; ticketUuid: string } };
  markTicketRead: { input: { ticketId: number }; output: { changed: boolean } };
  closeAllTickets: { input: CloseAllInput; output: { count: number } };
  releaseUserTickets: { input: { userId: number }; output: { count: number } };
  sendCampaignTest: { input: { campaignId: number; number: string }; output: { sent: number; messageIds: number[] } };
  /** A macro's actions on the ticket, in order, as the agent (issue 26 §3). */
  runMacro: { input: { ticketId: number; macroId: number }; output: MacroRunView };
  /** One turn of a contact's erasure (issue 28): `done` once the contact itself is replaced by its placeholder. */
  eraseContactSlice: { input: { contactId: number }; output: { done: boolean; tickets: number; messages: number; mediaKeys: string[] } };
};

export type HubCallName = keyof HubCallMap;
export type HubCallInput<N extends HubCallName> = HubCallMap[N]["input"];
export type HubCallOutput<N extends HubCallName> = HubCallMap[N]["output"];
export type HubCommandName = keyof HubCommandMap;
export type HubCommandInput<N extends HubCommandName> = HubCommandMap[N]["input"];
export type HubCommandOutput<N extends HubCommandName> = HubCommandMap[N]["output"];

/** A registry of verbs that runs the map `M` with context `C` (what domain/hubCalls.ts and hubCommands.ts satisfy). */
export type HubRegistry<M extends Record<string, { input: unknown; output: unknown }>, C> = {
  [N in keyof M]: (args: { ctx: C; input: M[N]["input"] }) => Promise<M[N]["output"]>;
};
