import { assignWaitingTickets } from "./assignment/assignWaitingTickets";
import type { AuditRecordInput } from "../contracts/audit";
import { readAuditPage, type AuditFilter } from "./audit/readAuditPage";
import { recordAudit } from "./audit/recordAudit";
import { listCompanyExports } from "./companyExport/companyExportView";
import { startCompanyExport } from "./companyExport/startCompanyExport";
import type { AssignmentScope } from "../contracts/queues";
import type { HubCallMap, HubCallName, HubRegistry } from "../contracts/hubCalls";
import { runRules } from "./automation/rules/runRules";
import { pushTargets } from "./push/pushTargets";
import { recordPushOutcome } from "./push/recordPushOutcome";
import type { DeliveryJob } from "../contracts/outbound";
import { assistantOutcome, assistantTranscript } from "./assistant/outcome";
import { assistantTurn } from "./assistant/turn";
import { integrationOutcome } from "./integrations/outcome";
import { integrationTurn } from "./integrations/turn";
import { recordWebhookAttempt } from "./webhooks/recordWebhookAttempt";
import { webhookSend } from "./webhooks/webhookSend";
import { authenticate } from "./auth/authenticate";
import { signIn } from "./auth/login";
import { signInTwoFactor } from "./auth/loginTwoFactor";
import { refreshSession } from "./auth/refreshSession";
import { applyPasswordReset } from "./auth/resetPassword";
import { pixSettings } from "./billing/pixSettings";
import { loadSessionUser } from "./auth/sessionUser";
import { companySettingRows, setupCompany } from "./companies/setupCompany";
import type { SystemCtx } from "./context";
import { findImport } from "./dataImport/findImport";
import { finishImportInHub } from "./dataImport/finishImportInHub";
import { importState } from "./dataImport/importState";
import { openImportInHub } from "./dataImport/openImportInHub";
import { writeImportRows } from "./dataImport/writeImportRows";
import { deliverOutbound } from "./delivery/deliverOutbound";
import { cloudIntake } from "./cloud/cloudIntake";
import { applyTemplateStatus } from "./templates/applyTemplateStatus";
import { markDeliveryFailed } from "./delivery/markDeliveryFailed";
import { sendFileList } from "./fileLists/sendFileList";
import { nextContactListCheckBatch } from "./contactLists/nextContactListCheckBatch";
import { recordContactListCheckBatch } from "./contactLists/recordContactListCheckBatch";
import type { ErrorCode } from "./errors";
import { getPublicSetting } from "./settings/getPublicSetting";
import { loadSessionState, saveSessionCreds, saveSessionKeys, wipeSessionState } from "./sessionHost/sessionState";

type Call<I, O> = (args: { ctx: SystemCtx; input: I }) => Promise<O>;
const call = <I, O>(run: Call<I, O>) => run;

/**
 * What is asked of a company's hub with nobody logged in there (CompanyHub.call, reached through
 * `hubs.of(companyId).call(name, input)`): the company's part of a login or a refresh, a page's session, the
 * session host's state of a connection, an outbound delivery, a new company's setup. Each runs against the
 * hub's own database.
 */
export const hubCalls = {
  signIn,
  /** A login's second step (issue 28): the code or recovery code checked, the session opened. */
  signInTwoFactor,
  /** A new company's default settings and first admin (createCompany, run by a platform admin's hub). */
  setupCompany,
  /** A company's saved settings, for a platform admin's hub (getCompany). */
  companySettingRows,
  refreshSession,
  /** Step 2 of a password reset, once its code was checked at the edge: the password set, every session ended. */
  applyPasswordReset,
  /** The platform's Pix settings (the platform company's hub: its settings rows). */
  pixSettings,
  /** A server-rendered page's session: the access token checked against the session, and the app shell's user. */
  pageSession: call(async ({ ctx, input }: { ctx: SystemCtx; input: { token: string } }) => {
    // A page of an expired company's admin is rendered: the app sends it to /financeiro to pay (ADR 0036).
    // So is the page of a user who must enrol in two-factor sign-in: the app sends it to /security (issue 28).
    const user = await authenticate({ db: ctx.db, env: ctx.env, token: input.token, billing: true, enrolment: true });
    return loadSessionUser(ctx.db, user.id, user.companyId, ctx.env);
  }),
  /** A platform setting the public pages read (the platform company's hub: viewregister on the login page). */
  publicSetting: call(({ ctx, input }: { ctx: SystemCtx; input: { key: "allowregister" | "viewregister" | "trial" } }) =>
    getPublicSetting({ db: ctx.db, input }),
  ),
  loadSessionState: call(({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number } }) => loadSessionState(ctx.db, input.whatsappId)),
  saveSessionCreds: call(({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number; creds: unknown } }) =>
    saveSessionCreds(ctx.db, input.whatsappId, input.creds),
  ),
  saveSessionKeys: call(({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number; set: Record<string, Record<string, unknown>> } }) =>
    saveSessionKeys(ctx.db, input.whatsappId, input.set),
  ),
  wipeSessionState: call(({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number } }) => wipeSessionState(ctx.db, input.whatsappId)),
  deliverOutbound: call(({ ctx, input }: { ctx: SystemCtx; input: DeliveryJob }) => deliverOutbound(ctx, input)),
  /** The AI assistant's turn on a ticket, and what came of it (worker/jobs/assistant.ts calls the model between). */
  assistantTurn,
  assistantOutcome,
  /** A voice note's transcript, saved as its text before the model reads it. */
  assistantTranscript,
  /** A queue integration's webhook call on a ticket, and what came of it (worker/jobs/integration.ts). */
  integrationTurn,
  integrationOutcome,
  /** A contact list's WhatsApp check: the next batch to ask about, and its answers (worker/jobs/contactListCheck.ts). */
  nextContactListCheckBatch,
  recordContactListCheckBatch,
  /** A file list's files sent on a ticket, in order (ADR 0039): for campaigns, before their message. */
  sendFileListToTicket: call(({ ctx, input }: { ctx: SystemCtx; input: { ticketId: number; fileListId: number } }) => sendFileList({ ctx, input })),
  /** A Cloud API webhook delivery's token and already-known messages (worker/jobs/inbound.ts). */
  cloudIntake,
  /** Meta's review of a template, by webhook. */
  templateStatus: applyTemplateStatus,
  /** An event webhook's attempt: what to send, and what came of it (worker/jobs/webhookDelivery.ts). */
  webhookSend,
  webhookAttempt: recordWebhookAttempt,
  /** Automation rules' turn after an event, queued by rules/hearEvents.ts (through here, so the listener does not import it). */
  runAutomationRules: runRules,
  /** Automatic assignment's pass, queued by scheduleAssignment (through here, so its listener does not import it). */
  assignWaitingTickets: call(async ({ ctx, input }: { ctx: SystemCtx; input: AssignmentScope }) => ({ assigned: await assignWaitingTickets(ctx, input) })),
  /** Web Push's devices of a user, and what their push services answered (worker/jobs/push.ts). */
  pushTargets,
  pushOutcome: recordPushOutcome,
  markDeliveryFailed: call(({ ctx, input }: { ctx: SystemCtx; input: { job: DeliveryJob; code: ErrorCode } }) =>
    markDeliveryFailed(ctx, input.job, input.code),
  ),
  /** A page of the company's audit log (the caller checked the super admin's support access, domain/audit/listAudit). */
  auditPage: call(async ({ ctx, input }: { ctx: SystemCtx; input: AuditFilter }) => readAuditPage(ctx.db, ctx.companyId, input)),
  /** An entry for what a super admin did to the company from the platform; a new support access arms its end. */
  recordAudit: call(async ({ ctx, input }: { ctx: SystemCtx; input: { record: AuditRecordInput; client: { ip: string; userAgent: string | null } | null } }) => {
    recordAudit({ ...ctx, client: input.client ?? undefined }, input.record);
    if (input.record.action === "support.accessStarted") await ctx.hub.workChanged();
  }),
  /** The import API (issue 27): an import opened, found, read, its batches written and finished in this company. */
  openImport: openImportInHub,
  findImport,
  importState,
  importRows: writeImportRows,
  finishImport: finishImportInHub,
  /** A company export started and listed (issue 27 §3), for its admin or a super admin from the platform. */
  startCompanyExport,
  listCompanyExports,
} satisfies HubRegistry<HubCallMap, SystemCtx>;

export type { HubCallInput, HubCallName, HubCallOutput } from "../contracts/hubCalls";

/** Calls that change tickets: they run in the hub's command queue, never between an inbound message's steps. */
export const SERIAL_HUB_CALLS: ReadonlySet<HubCallName> = new Set(["assistantOutcome", "assistantTranscript", "integrationOutcome", "sendFileListToTicket", "importRows", "finishImport"]);
