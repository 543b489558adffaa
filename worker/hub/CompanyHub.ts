import { DurableObject } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { createControlDb, createTenantDb, migrateTenantDb, type Db } from "../db/client";
import { companies } from "../db/tenant";
import { isLockedOut, type CompanyAccessInfo } from "../domain/auth/companyAccess";
import migrations from "../db/tenant-migrations/migrations.js";
import type { Env } from "../env";
import { clientMessage, PING_FRAME, PONG_FRAME, roomNames, type Audience, type Delivery, type HubActor, type ServerEvent } from "../contracts/ws";
import { audienceIncludes, eventReaches, type SocketState } from "./audience";
import { SocketStates } from "./socketStates";
import { hubCommands, type HubCommandInput, type HubCommandName, type HubCommandOutput } from "../domain/hubCommands";
import { hubCalls, SERIAL_HUB_CALLS, type HubCallName } from "../domain/hubCalls";
import type { ActingHubPort, CompanyHubRef, HubDirectory, HubPort } from "../domain/hubPort";
import { envInsideHub, hubDirectory, publishLogged } from "./ports";
import type { CompanyHubRpc } from "./rpc";
import { nextTurn, SerialQueue } from "../lib/serialQueue";
import { Hono } from "hono";
import { createApi } from "../api/app";
import { HUB_COMPANY_HEADER } from "../api/forwarding";
import { parsePlatformId } from "../contracts/ids";
import { notFoundAnswer, type AppEnv } from "../api/http";
import type { BridgeEvent } from "../contracts/bridge";
import { systemCtx, type Ctx, type CurrentUser, type SystemCtx } from "../domain/context";
import { ingestEvents } from "../domain/inbound/ingestEvents";
import { companySettingsSnapshot } from "../domain/settings/companySettingValues";
import { automateTickets } from "../domain/automation/automateTickets";
import { AppError, errorBody, toEnvelope, unwrap, type CommandEnvelope } from "../domain/errors";
import type { ExternalSendCommand, ExternalSendResult } from "../contracts/externalApi";
import { sendExternalMessage } from "../domain/externalApi/sendExternalMessage";
import { tenantHousekeeping } from "../jobs/housekeeping";
import { reportWork, WORK_HEARTBEAT_MS } from "../jobs/stalledHubs";
import { provisionTenant, refreshCompanyCopy } from "./provision";
import { hashPlainOptOuts } from "../domain/consent/hashedOptOuts";
import { DUE_WORK, type DueWorkScope } from "./dueWork";
import { Presence } from "./presence";
import { scheduleAssignment } from "../domain/assignment/scheduleAssignment";

export { OFFLINE_AFTER_MS } from "./presence";
/** How often the alarm drops expired sessions and idempotency keys (it may go off many times a second for a campaign). */
export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

/**
 * One per company: the company's database and its realtime (ADR 0016). Its SQLite holds every tenant table;
 * the worker forwards each authenticated API request here (one hop), where the API runs against that database.
 * It holds every agent websocket of the company (hibernation API), decides per socket who may see each event,
 * serialises ticket commands, and its alarm runs the company's due work. Nothing that must survive lives only in
 * instance fields: socket state is in attachments (with a copy in memory for the fan-out, rebuilt from them after
 * hibernation), everything else in its SQLite.
 */
export class CompanyHub extends DurableObject<Env> implements CompanyHubRpc {
  readonly db: Db;
  private readonly presence: Presence;
  private readonly commands = new SerialQueue();
  /** Each socket's user and rooms; the attachments are their durable copy. */
  private readonly sockets = new SocketStates();
  /** This instance, and how many publishes it has made: the publish mark (HUB_MARK_HEADER). */
  private readonly instance = crypto.randomUUID().slice(0, 8);
  private published = 0;
  /** publishCoalesced's keys: when each last published, and whether a folded publish is waiting. */
  private readonly coalesced = new Map<string, { at: number; waiting: boolean }>();
  /** The API as the worker forwards it (full paths, /api/…). */
  private readonly api = new Hono<AppEnv>({ strict: false }).route("/api", createApi()).notFound(notFoundAnswer);
  /** The company this hub belongs to, once known (read from its own database, or told by the first request). */
  private company: number | null = null;
  /** Set by `destroy`: this instance answers nothing more (its storage is gone; a new instance starts afresh). */
  private destroyed = false;
  /** The hub's copy of its company's access state (lockedOut), read once and again after companyChanged. */
  private access: CompanyAccessInfo | null = null;
  /** When this instance last ran the tenant's housekeeping (memory only: a new instance runs it on its first alarm). */
  private housekeptAt = 0;
  /** Follow-ups queued by commands (HubPort.afterThis) and not yet run: `settled` waits for them. */
  private followUps = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = createTenantDb(ctx.storage);
    this.presence = new Presence(
      this.db,
      (deliveries) => this.publish(deliveries),
      (companyId, userId) => scheduleAssignment(this.systemCtx(companyId), { userIds: [userId] }),
    );
    // Migrations run before the hub answers anything (an older schema is brought up to date on wake).
    void ctx.blockConcurrencyWhile(async () => {
      await migrateTenantDb(this.db, migrations);
      // Migration 0027's second half: opt-outs of numbers without a contact kept as hashes (SQLite has no SHA-256).
      hashPlainOptOuts(this.db);
    });
    // Heartbeats are answered by the runtime without waking a hibernated hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** Requests the worker forwards: the websocket upgrade and the API (its routes authenticate as before). */
  override async fetch(request: Request): Promise<Response> {
    // The worker names the company (edge.ts forwardToHub); read by the id contract like every id.
    const companyId = parsePlatformId(request.headers.get(HUB_COMPANY_HEADER));
    if (companyId === null) return Response.json(errorBody(new AppError("ERR_NOT_FOUND")), { status: 404 });
    try {
      await this.ready(companyId);
    } catch (err) {
      // A token of a company deleted since: nothing here answers for it.
      if (err instanceof AppError) return Response.json(errorBody(err), { status: err.status });
      throw err;
    }
    // The API's routes reach this hub through their env (hubHere): its database, its sockets, their contexts.
    const env = envInsideHub(this.env, {
      companyId,
      db: this.db,
      acceptSocket: (actor) => this.acceptSocket(actor),
      publishMark: () => this.publishMark(),
      contextFor: (user) => this.contextFor(user),
      port: this.port(companyId),
    });
    return this.api.fetch(request, env, {
      waitUntil: (p: Promise<unknown>) => this.ctx.waitUntil(p),
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
  }

  /** A websocket authenticated by the API's ws route: it joins this hub under its user. */
  acceptSocket(actor: HubActor): Response {
    const { 0: client, 1: server } = new WebSocketPair();
    // Every socket starts in the notification room: it receives what its profile may see without asking.
    const state: SocketState = { ...actor, rooms: [roomNames.notification] };
    this.ctx.acceptWebSocket(server, [userTag(actor.userId)]);
    this.sockets.set(server, state);
    server.send(JSON.stringify([{ type: "ready", userId: actor.userId, rooms: state.rooms, mark: this.publishMark() } satisfies ServerEvent]));
    this.markSeen(actor.userId);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (typeof raw !== "string" || raw.length > 4096) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) return;
    const state = this.sockets.get(ws);
    if (!state) return;
    const msg = parsed.data;
    switch (msg.type) {
      case "joinNotification":
        this.join(ws, state, roomNames.notification);
        break;
      case "joinTickets":
        this.join(ws, state, roomNames.tickets(msg.status));
        break;
      case "leaveTickets":
        this.setRooms(ws, state, state.rooms.filter((r) => r !== roomNames.tickets(msg.status)));
        break;
      case "joinChatBox":
        // Whether the user may see that ticket is checked when events are addressed to the room.
        this.join(ws, state, roomNames.chatBox(msg.ticketId));
        break;
      case "leaveChatBox":
        this.setRooms(ws, state, state.rooms.filter((r) => r !== roomNames.chatBox(msg.ticketId)));
        break;
      case "userStatus":
        this.markSeen(state.userId);
        break;
      case "visibility":
        if (state.hidden !== !msg.visible) this.sockets.set(ws, { ...state, hidden: !msg.visible });
        break;
    }
  }

  /** Puts the socket in a room and says so, with the publish mark from which it hears the room's events. */
  private join(ws: WebSocket, state: SocketState, room: string) {
    this.setRooms(ws, state, addRoom(state.rooms, room));
    try {
      ws.send(JSON.stringify([{ type: "joined", room, mark: this.publishMark() } satisfies ServerEvent]));
    } catch {
      // closing under us
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Reserved codes (1005 no status, 1006 abnormal, 1015 TLS) may not be sent back.
    const sendable = code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
    try {
      ws.close(sendable ? code : 1000, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    ws.close(1011, "error");
  }

  /**
   * Fan-out. Each socket gets one frame holding every event addressed to it; sockets that receive the
   * same set of events share one serialised frame.
   */
  async publish(deliveries: Delivery[]): Promise<number> {
    this.published++;
    // Decided at each fan-out, not when a socket opened: a company expires, is blocked or pays while its sockets stay.
    const locked = this.lockedOut();
    const frames = new Map<string, string>();
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = this.sockets.get(ws);
      if (!state) continue;
      const picked: number[] = [];
      deliveries.forEach((d, i) => {
        if (eventReaches(d.audience, d.event, state, locked)) picked.push(i);
      });
      if (picked.length === 0) continue;
      const key = picked.join(",");
      let frame = frames.get(key);
      if (!frame) {
        frame = JSON.stringify(picked.map((i) => deliveries[i]!.event));
        frames.set(key, frame);
      }
      try {
        ws.send(frame);
        delivered++;
      } catch {
        // A socket closing under us is not the publisher's problem.
      }
    }
    return delivered;
  }

  /**
   * Runs a ticket command for `actor`, after every command before it has finished. Reached through an agent's
   * `ctx.hub.command`; refusals come back as data.
   */
  async command(name: HubCommandName, actor: CurrentUser, input: never): Promise<CommandEnvelope> {
    await this.ready(actor.companyId);
    return this.commands.run(() => toEnvelope(() => hubCommands[name]({ ctx: this.contextFor(actor), input })));
  }

  /**
   * Work the worker hands to this company with nobody logged in: sign-in, a page's session, the session host's
   * state, outbound deliveries (domain/hubCalls.ts). Refusals come back as data, as `command`'s do.
   */
  async call<N extends HubCallName>(companyId: number, name: N, input: Parameters<(typeof hubCalls)[N]>[0]["input"]): Promise<CommandEnvelope> {
    const run = hubCalls[name] as (args: { ctx: SystemCtx; input: unknown }) => Promise<unknown>;
    if (SERIAL_HUB_CALLS.has(name)) {
      await this.ready(companyId);
      return this.commands.run(() => toEnvelope(() => run({ ctx: this.systemCtx(companyId), input })));
    }
    return toEnvelope(async () => {
      await this.ready(companyId);
      return run({ ctx: this.systemCtx(companyId), input });
    });
  }

  /**
   * Inbound WhatsApp events of this company, from the bridge, in order. They share the command queue, so an
   * inbound message and an agent's accept of the same ticket never interleave.
   */
  async ingest(companyId: number, events: BridgeEvent[]): Promise<{ ingested: number }> {
    await this.ready(companyId);
    return this.commands.run(async () => {
      const ctx = { ...this.systemCtx(companyId), companySettings: await companySettingsSnapshot(this.db, companyId) };
      return ingestEvents({ ctx, input: { events } });
    });
  }

  /**
   * The company's ticket automation: idle tickets closed, queue-less waiting tickets transferred, in slices that
   * each take one turn of the command queue, so agents' commands go on between them. Run by the alarm.
   */
  async automate(companyId: number, now: number): Promise<{ closed: number; transferred: number }> {
    await this.ready(companyId);
    return automateTickets({ ctx: this.systemCtx(companyId), input: { now }, serially: (task) => this.commands.run(task) });
  }

  /**
   * A send of the external API (POST /api/messages/send): nobody is logged in, so it runs as the system, in
   * the command queue like an agent's send. Refusals come back as data, as `command`'s do.
   */
  async sendExternal(companyId: number, input: ExternalSendCommand): Promise<CommandEnvelope> {
    await this.ready(companyId);
    return this.commands.run(() => toEnvelope(() => sendExternalMessage({ ctx: this.systemCtx(companyId), input })));
  }

  /** The control database changed this company or its plan: the hub's copy is read again. */
  async companyChanged(companyId: number): Promise<void> {
    // A hub deleted, or never used yet, has no copy to refresh (its first request reads the control rows).
    if (this.destroyed || this.knownCompany() === null) return;
    await this.ready(companyId);
    await refreshCompanyCopy(this.db, createControlDb(this.env.DB), companyId);
    this.access = null;
  }

  /**
   * Whether the company is locked out (blocked, or past its due date in its time zone), by the hub's copy of it:
   * its sockets then hear only session and billing events (eventReaches). The copy changes only through
   * companyChanged, so it is read once per instance and again after each change; the date is today's at each call.
   */
  private lockedOut(): boolean {
    this.access ??= this.db.select({ status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone }).from(companies).get() ?? null;
    return this.access !== null && isLockedOut(this.access);
  }

  /**
   * The company is being deleted (deleteCompany): every socket is closed, the alarm dropped and the hub's whole
   * storage (its SQLite included) deleted. Safe to call again. Until this instance is evicted it refuses every
   * request, so a stale token cannot provision the company's copy again before its control row is gone.
   */
  async destroy(): Promise<void> {
    this.destroyed = true;
    this.company = null;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(4001, "company deleted");
      } catch {
        // already closed
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** A user was edited: sockets keep deciding visibility from the new profile and queues. */
  async updateActor(userId: number, patch: Partial<Omit<HubActor, "userId" | "sessionId">>): Promise<void> {
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      const state = this.sockets.get(ws);
      if (state) this.sockets.set(ws, { ...state, ...patch });
    }
  }

  /** Whether one of the user's tabs is open and visible (Web Push skips them): a socket that has not said hidden. */
  hasVisibleTab(userId: number): boolean {
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const state = this.sockets.get(ws);
      if (state && !state.hidden) return true;
    }
    return false;
  }

  /** HubPort.publishCoalesced: at most one publish per `everyMs` for `key`, the calls between folded into the next. */
  private publishCoalesced(companyId: number, key: string, everyMs: number, build: () => Promise<Delivery[]>): void {
    const run = async () => {
      try {
        await publishLogged(companyId, await build(), (d) => this.publish(d));
      } catch (err) {
        console.error("coalesced publish failed", { companyId, key, err: String(err) });
      }
    };
    const now = Date.now();
    const entry = this.coalesced.get(key);
    if (!entry || now - entry.at >= everyMs) {
      this.coalesced.set(key, { at: now, waiting: false });
      void run();
      return;
    }
    if (entry.waiting) return;
    entry.waiting = true;
    setTimeout(() => {
      this.coalesced.set(key, { at: Date.now(), waiting: false });
      void run();
    }, entry.at + everyMs - now);
  }

  /** HubPort.afterThis: `task` takes its turn in the command queue behind everything queued now. */
  private afterThis(companyId: number, label: string, task: () => Promise<unknown>): void {
    this.followUps++;
    void this.commands.run(async () => {
      try {
        await task();
      } catch (err) {
        console.error(`${label} failed`, { companyId, err: String(err) });
      } finally {
        this.followUps--;
      }
    });
  }

  /**
   * Resolves once every command and follow-up queued so far has run, and the follow-ups those queued in turn (tests
   * and benchmarks wait here for what an event set off, instead of sleeping).
   */
  async settled(): Promise<void> {
    do await this.commands.run(async () => {});
    while (this.followUps > 0);
  }

  /** Closes the sockets of a user's sessions other than `keepSessionId` (null closes them all). */
  async endSessions(userId: number, keepSessionId: string | null, reason: "replaced" | "revoked"): Promise<void> {
    const audience: Audience = { kind: "userSessionsExcept", userId, keepSessionId };
    await this.publish([{ audience, event: { type: "auth", action: reason } }]);
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      const state = this.sockets.get(ws);
      if (state && audienceIncludes(audience, state)) ws.close(4001, reason);
    }
  }

  /**
   * Local seeding and benchmarks only: SQL statements run as they are, in one transaction, answering each one's
   * rows. It works only when the local server was started with its bulk port (ZAPDESK_LOCAL_BULK, which no
   * deployment sets), and no route leads here: scripts/worker-server.mjs calls it through Miniflare.
   */
  async bulkSql(companyId: number, statements: string[]): Promise<unknown[][]> {
    if (this.env.ZAPDESK_LOCAL_BULK !== "1") throw new Error("bulkSql is for the local server's seeding only");
    await this.ready(companyId);
    return this.ctx.storage.transactionSync(() => statements.map((statement) => this.ctx.storage.sql.exec(statement).toArray()));
  }

  /** Where this hub's publishing stands (HUB_MARK_HEADER); in memory only: a new instance starts a new mark. */
  publishMark(): string {
    return `${this.instance}.${this.published}`;
  }

  /** How many sockets are connected (tests and the benchmark). */
  async socketCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** The hub's database size in bytes (the benchmark's bytes per message). */
  async databaseSize(): Promise<number> {
    return this.ctx.storage.sql.databaseSize;
  }

  /** Something changed that may start or stop due work (a connection's automation rules): the alarm is re-armed. */
  async workChanged(companyId: number): Promise<void> {
    await this.ready(companyId);
    await this.armAlarm();
  }

  /** Marks users offline whose tabs stopped reporting and runs each kind of due work whose time has come, then re-arms. */
  override async alarm(): Promise<void> {
    const companyId = this.knownCompany();
    if (companyId === null) return;
    const now = Date.now();
    this.presence.markOffline(companyId, now);
    // A campaign's pace sets off the alarm many times a second: housekeeping needs far less.
    if (now - this.housekeptAt >= HOUSEKEEPING_EVERY_MS) {
      this.housekeptAt = now;
      tenantHousekeeping(this.db, new Date(now));
    }
    const scope = this.dueWorkScope(companyId);
    for (const work of DUE_WORK) {
      if (((await work.nextDue(scope, now)) ?? Infinity) > now) continue;
      // Each kind runs on its own turn, so a page's read waits for one of them at most.
      await nextTurn();
      try {
        await work.run(scope, now);
      } catch (err) {
        console.error(`${work.name} failed`, { companyId, err: String(err) });
      }
    }
    await nextTurn();
    await this.armAlarm();
  }

  /**
   * The alarm goes off at the earliest of: a user to mark offline, and each kind of due work's next time (at least
   * every WORK_HEARTBEAT_MS while it has work, so the cron's heartbeat stays fresh).
   */
  private async armAlarm(): Promise<void> {
    const companyId = this.knownCompany();
    if (companyId === null) return;
    const now = Date.now();
    const due: number[] = [];
    const offlineDue = this.presence.nextOfflineDue(companyId);
    if (offlineDue !== null) due.push(offlineDue);
    const scope = this.dueWorkScope(companyId);
    let hasWork = false;
    for (const work of DUE_WORK) {
      const next = await work.nextDue(scope, now);
      if (next === null) continue;
      hasWork = true;
      due.push(Math.min(next, now + WORK_HEARTBEAT_MS));
    }
    await this.reportWork(companyId, hasWork);
    if (due.length === 0) return;
    const next = Math.min(...due);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  private dueWorkScope(companyId: number): DueWorkScope {
    return {
      db: this.db,
      storage: this.ctx.storage,
      companyId,
      ctx: () => this.systemCtx(companyId),
      serially: (task) => this.commands.run(task),
    };
  }

  /** The control database's heartbeat of this hub's recurring work (the minute cron wakes a hub whose alarm stopped). */
  private async reportWork(companyId: number, hasWork: boolean) {
    const last = (await this.ctx.storage.get<number>("workHeartbeatAt")) ?? null;
    try {
      const stored = await reportWork(createControlDb(this.env.DB), companyId, hasWork, last, Date.now());
      if (stored === null) await this.ctx.storage.delete("workHeartbeatAt");
      else if (stored !== last) await this.ctx.storage.put("workHeartbeatAt", stored);
    } catch (err) {
      // The alarm is armed all the same; the heartbeat is only the safety net's signal.
      console.error("could not report the hub's work", { companyId, err: String(err) });
    }
  }

  /**
   * Every entry point names its company (from a verified token, a route index, or the worker's own call). The
   * first time, the hub's database is created for it: its copy of the company and plan, and its id ranges.
   */
  async ready(companyId: number): Promise<void> {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error("hub: missing company id");
    if (this.destroyed) throw new AppError("ERR_SESSION_EXPIRED", "This company was deleted.");
    if (this.company === companyId) return;
    const known = this.knownCompany();
    if (known !== null && known !== companyId) throw new Error(`hub: company ${companyId} asked of the hub of ${known}`);
    if (known === null) {
      await this.ctx.blockConcurrencyWhile(() => provisionTenant(this.db, createControlDb(this.env.DB), companyId));
    }
    this.company = companyId;
    await this.armAlarm();
  }

  private knownCompany(): number | null {
    if (this.company !== null) return this.company;
    const row = this.db.get<{ id: number }>(sql`select id from companies limit 1`);
    return row?.id ?? null;
  }

  /** The context of work the system runs here for the company, nobody acting (inbound events, calls, automation). */
  systemCtx(companyId: number): SystemCtx {
    return systemCtx({
      db: this.db,
      control: createControlDb(this.env.DB),
      env: this.env,
      companyId,
      hub: this.port(companyId),
      hubs: this.hubs(companyId),
      waitUntil: (p: Promise<unknown>) => this.ctx.waitUntil(p),
    });
  }

  /** The context of a verb an agent runs here: the API's requests and ticket commands. */
  contextFor(actor: CurrentUser): Ctx {
    return { ...this.systemCtx(actor.companyId), user: actor, hub: this.actingPort(actor) };
  }

  /** The domain's port to this hub (`ctx.hub`): straight to its sockets and its queue, no RPC to itself. */
  private port(companyId: number): HubPort {
    return {
      publish: (deliveries) => publishLogged(companyId, deliveries, (d) => this.publish(d)),
      publishCoalesced: (key, everyMs, build) => this.publishCoalesced(companyId, key, everyMs, build),
      endSessions: (userId, keep, reason) => this.endSessions(userId, keep, reason),
      updateActor: (userId, patch) => this.updateActor(userId, patch),
      workChanged: () => this.workChanged(companyId),
      companyChanged: () => this.companyChanged(companyId),
      afterThis: (label, task) => this.afterThis(companyId, label, task),
      sendExternal: async (input) => unwrap(await this.sendExternal(companyId, input)) as ExternalSendResult,
      hasVisibleTab: (userId) => this.hasVisibleTab(userId),
    };
  }

  /** An agent's port: ticket commands run as `actor`, in this hub's queue. */
  private actingPort(actor: CurrentUser): ActingHubPort {
    return {
      ...this.port(actor.companyId),
      command: async <N extends HubCommandName>(name: N, input: HubCommandInput<N>) =>
        unwrap(await this.command(name, actor, input as never)) as HubCommandOutput<N>,
    };
  }

  /** Every company's hub (`ctx.hubs`), this company's answered by this hub itself. */
  private hubs(companyId: number): HubDirectory {
    const self: CompanyHubRef = {
      publish: (deliveries) => publishLogged(companyId, deliveries, (d) => this.publish(d)),
      companyChanged: () => this.companyChanged(companyId),
      call: async (name, input) => unwrap(await this.call(companyId, name, input)) as never,
      ingest: (events) => this.ingest(companyId, events),
      destroy: () => this.destroy(),
    };
    return hubDirectory(this.env, { companyId, hub: self });
  }

  private setRooms(ws: WebSocket, state: SocketState, rooms: string[]) {
    this.sockets.set(ws, { ...state, rooms });
  }

  private markSeen(userId: number): void {
    const companyId = this.knownCompany();
    if (companyId === null) return;
    if (this.presence.markSeen(companyId, userId)) void this.armAlarm();
  }
}

function userTag(userId: number) {
  return `user:${userId}`;
}

function addRoom(rooms: string[], room: string) {
  return rooms.includes(room) ? rooms : [...rooms, room];
}
