import type { Db } from "../db/client";
import type { SystemCtx } from "../domain/context";
import { automateTickets } from "../domain/automation/automateTickets";
import { hasAutomationRules } from "../domain/automation/automationRules";
import { dispatchCampaigns, nextCampaignDue } from "../domain/campaigns/dispatchCampaigns";
import { nextCheckStallDue, resumeStalledChecks } from "../domain/contactLists/resumeStalledChecks";
import { dispatchDueSchedules, nextScheduleDue } from "../domain/schedules/dispatchDueSchedules";
import { nextLostWebhookDue, requeueLostWebhooks } from "../domain/webhooks/requeueLostWebhooks";
import { answerSilences, hasTimedRules } from "../domain/automation/rules/answerSilences";
import { assignWaitingTickets } from "../domain/assignment/assignWaitingTickets";
import { hasAssignableWork } from "../domain/assignment/hasAssignableWork";
import { markBreaches, nextBreachDue } from "../domain/serviceLevels/markBreaches";
import { applyRetention, RETENTION_EVERY_MS, RETENTION_REST_MS, retentionDays, type RetentionMark } from "../domain/privacy/applyRetention";
import { nextAuditPruneDue, pruneAuditLog } from "../domain/audit/pruneAuditLog";
import { expireSupportAccesses, nextSupportAccessEnd } from "../domain/audit/expireSupportAccesses";
import { nextCompanyExportDue, runCompanyExport, EXPORT_REST_MS } from "../domain/companyExport/runCompanyExport";
import { dropExpiredExports, nextExportExpiry } from "../domain/companyExport/dropExpiredExports";

/** How often the hub's alarm runs the company's ticket automation while it has rules. */
export const AUTOMATION_EVERY_MS = 60 * 1000;
/** Where the hub keeps when its automation is next due (tests set it to make a run due). */
export const AUTOMATION_DUE_KEY = "automationDueAt";

/** What a kind of due work is given: the hub's database and storage, the company, a system context, the command queue. */
export interface DueWorkScope {
  db: Db;
  storage: DurableObjectStorage;
  companyId: number;
  ctx: () => SystemCtx;
  /** Runs a task after every command queued before it (each slice of long work is one turn of the queue). */
  serially: <T>(task: () => Promise<T>) => Promise<T>;
}

/**
 * One kind of recurring work of a company, run by its hub's alarm. The alarm runs every entry whose time has come
 * (each on its own turn, a failure logged without stopping the others) and is armed again for the earliest `nextDue`
 * of all; while any entry has work pending, the hub reports the work's heartbeat (jobs/stalledHubs) and wakes at
 * least every WORK_HEARTBEAT_MS. A new kind of work is a new entry here.
 */
export interface DueWork {
  /** Named in the log when a run fails. */
  name: string;
  /** When the work is next due (epoch ms), or null when the company has none of it. */
  nextDue(scope: DueWorkScope, now: number): number | null | Promise<number | null>;
  /** Runs what is due at `now`; a long run takes its slices through `scope.serially`. */
  run(scope: DueWorkScope, now: number): Promise<unknown>;
}

/** Idle tickets closed and queue-less waiting ones transferred, every minute while a connection has rules. */
const ticketAutomation: DueWork = {
  name: "ticket automation",
  async nextDue({ db, storage, companyId }, now) {
    if (!hasAutomationRules(db, companyId)) return null;
    return Math.max(now, (await storage.get<number>(AUTOMATION_DUE_KEY)) ?? 0);
  },
  async run(scope, now) {
    await scope.storage.put(AUTOMATION_DUE_KEY, now + AUTOMATION_EVERY_MS);
    return automateTickets({ ctx: scope.ctx(), input: { now }, serially: scope.serially });
  },
};

/** Schedules whose time has come, sent into their tickets' history and queued for delivery. */
const schedules: DueWork = {
  name: "schedules",
  nextDue: ({ db, companyId }) => nextScheduleDue(db, companyId),
  run: (scope, now) => dispatchDueSchedules({ ctx: scope.ctx(), input: { now }, serially: scope.serially }),
};

/** A contact list check whose job chain was lost gets its batch queued again. */
const stalledChecks: DueWork = {
  name: "resuming stalled contact list checks",
  nextDue: ({ db, companyId }) => nextCheckStallDue(db, companyId),
  run: (scope, now) => scope.serially(() => resumeStalledChecks({ ctx: scope.ctx(), input: { now } })),
};

/** Campaigns due start, and each connection makes its next send when its pace allows (ADR 0038). */
const campaigns: DueWork = {
  name: "campaigns",
  nextDue: ({ db, companyId }, now) => nextCampaignDue(db, companyId, now),
  run: (scope, now) => dispatchCampaigns({ ctx: scope.ctx(), input: { now }, serially: scope.serially }),
};

/** Event webhook deliveries whose queued attempt was lost are queued again (issue 25). */
const lostWebhooks: DueWork = {
  name: "requeueing lost webhook deliveries",
  nextDue: ({ db, companyId }) => nextLostWebhookDue(db, companyId),
  run: (scope, now) => requeueLostWebhooks({ ctx: scope.ctx(), input: { now } }),
};

/** Where the hub keeps when the timed automation rules next look for silences, and how far each rule has looked. */
export const SILENCES_DUE_KEY = "silencesDueAt";
const silenceMarkKey = (ruleId: number) => `silenceMark:${ruleId}`;

/** Automation rules on a silence (agentSilent, contactSilent), every minute while one is enabled (issue 26). */
const timedRules: DueWork = {
  name: "timed automation rules",
  async nextDue({ db, storage, companyId }, now) {
    if (!hasTimedRules({ db, companyId })) return null;
    return Math.max(now, (await storage.get<number>(SILENCES_DUE_KEY)) ?? 0);
  },
  async run(scope, now) {
    await scope.storage.put(SILENCES_DUE_KEY, now + AUTOMATION_EVERY_MS);
    const marks = {
      get: (ruleId: number) => scope.storage.get<number>(silenceMarkKey(ruleId)),
      set: (ruleId: number, at: number) => scope.storage.put(silenceMarkKey(ruleId), at),
    };
    return answerSilences({ ctx: scope.ctx(), input: { now }, serially: scope.serially, marks });
  },
};

/** How often the hub's alarm runs a pass of automatic assignment while tickets wait and an agent has room. */
export const ASSIGNMENT_EVERY_MS = 60 * 1000;
/** Where the hub keeps when its assignment pass is next due. */
export const ASSIGNMENT_DUE_KEY = "assignmentDueAt";

/** Waiting tickets given to free agents (issue 26): the safety net under the passes events queue (scheduleAssignment). */
const automaticAssignment: DueWork = {
  name: "automatic assignment",
  async nextDue({ db, storage, companyId }, now) {
    if (!hasAssignableWork(db, companyId)) return null;
    return Math.max(now, (await storage.get<number>(ASSIGNMENT_DUE_KEY)) ?? 0);
  },
  async run(scope, now) {
    await scope.storage.put(ASSIGNMENT_DUE_KEY, now + ASSIGNMENT_EVERY_MS);
    return scope.serially(() => assignWaitingTickets(scope.ctx(), { all: true }));
  },
};

/** Tickets past a service-level target are marked breached, told and heard by the rules (issue 26 §4). */
const serviceLevelBreaches: DueWork = {
  name: "service-level breaches",
  nextDue: ({ db, companyId }) => nextBreachDue(db, companyId),
  run: (scope, now) => markBreaches({ ctx: scope.ctx(), input: { now }, serially: scope.serially }),
};

/** Where the hub keeps when retention next looks for old closed tickets, and how far it has gone. */
export const RETENTION_DUE_KEY = "retentionDueAt";
export const RETENTION_MARK_KEY = "retentionMark";

/** Closed conversations older than the company's retention period anonymised, hourly while one is set (issue 28). */
const retention: DueWork = {
  name: "retention",
  async nextDue({ db, storage, companyId }, now) {
    if ((await retentionDays(db, companyId)) === null) return null;
    return Math.max(now, (await storage.get<number>(RETENTION_DUE_KEY)) ?? 0);
  },
  async run(scope, now) {
    await scope.storage.put(RETENTION_DUE_KEY, now + RETENTION_EVERY_MS);
    const marks = {
      get: () => scope.storage.get<RetentionMark>(RETENTION_MARK_KEY),
      set: (mark: RetentionMark) => scope.storage.put(RETENTION_MARK_KEY, mark),
    };
    const result = await applyRetention({ ctx: scope.ctx(), input: { now }, serially: scope.serially, marks });
    // A backlog left: the next run after a rest, not in an hour.
    if (result.more) await scope.storage.put(RETENTION_DUE_KEY, Date.now() + RETENTION_REST_MS);
    return result;
  },
};

/** Audit entries older than the company's retention removed, in slices, when the oldest falls out of it (issue 28). */
const auditRetention: DueWork = {
  name: "audit log retention",
  nextDue: ({ db, companyId }, now) => nextAuditPruneDue(db, companyId, now),
  run: (scope, now) => pruneAuditLog({ ctx: scope.ctx(), input: { now }, serially: scope.serially }),
};

/** A super admin's support access to the company past its time: ended, in the company's log and the platform's. */
const supportAccessExpiry: DueWork = {
  name: "support access expiry",
  nextDue: ({ db, companyId }, now) => nextSupportAccessEnd(db, companyId, now),
  run: (scope, now) => scope.serially(() => expireSupportAccesses({ ctx: scope.ctx(), input: { now } })),
};

/** Where the hub keeps when a company export's next run is due (a run rests after its slices). */
export const COMPANY_EXPORT_DUE_KEY = "companyExportDueAt";

/**
 * A company export (issue 27 §3): the archive written to R2 in slices, run after run until it is done; and a finished
 * archive's file removed when its link expires.
 */
const companyExport: DueWork = {
  name: "company export",
  async nextDue({ db, storage, companyId }, now) {
    const expiry = nextExportExpiry(db, companyId);
    if (nextCompanyExportDue(db, companyId, now) === null) return expiry;
    const running = Math.max(now, (await storage.get<number>(COMPANY_EXPORT_DUE_KEY)) ?? 0);
    return expiry === null ? running : Math.min(running, expiry);
  },
  async run(scope, now) {
    await dropExpiredExports({ ctx: scope.ctx(), input: { now } });
    if (nextCompanyExportDue(scope.db, scope.companyId, now) === null) return { more: false };
    const result = await runCompanyExport({ ctx: scope.ctx(), serially: scope.serially });
    await scope.storage.put(COMPANY_EXPORT_DUE_KEY, Date.now() + (result.more ? EXPORT_REST_MS : 0));
    return result;
  },
};

/** In the order the alarm runs them. */
export const DUE_WORK: readonly DueWork[] = [
  ticketAutomation,
  schedules,
  stalledChecks,
  campaigns,
  lostWebhooks,
  timedRules,
  automaticAssignment,
  serviceLevelBreaches,
  retention,
  auditRetention,
  supportAccessExpiry,
  companyExport,
];
