import { DurableObject } from "cloudflare:workers";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { createDb } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import {
  clientMessage,
  hubActor,
  PING_FRAME,
  PONG_FRAME,
  roomNames,
  type Audience,
  type Delivery,
  type HubActor,
  type ServerEvent,
} from "../contracts/ws";
import { audienceIncludes, type SocketState } from "./audience";
import { hubCommands, type CommandEnvelope, type HubCommandName } from "./commands";
import { envInsideHub } from "./publish";
import { SerialQueue } from "./serialQueue";
import type { BridgeEvent } from "../contracts/bridge";
import { systemCtx, type CurrentUser } from "../domain/context";
import { ingestEvents } from "../domain/inbound/ingestEvents";
import { companySettingsSnapshot } from "../domain/settings/companySettingValues";
import { automateTickets } from "../domain/automation/automateTickets";
import { AppError } from "../domain/errors";
import { sendExternalMessage, type ExternalSendCommand } from "../domain/externalApi/sendExternalMessage";

/** A user whose tab has not said `userStatus` for this long is shown offline (spec: 5 minutes, plus grace). */
export const OFFLINE_AFTER_MS = 5 * 60 * 1000 + 30 * 1000;

export const HUB_ACTOR_HEADER = "x-hub-actor";
export const HUB_COMPANY_HEADER = "x-hub-company";

/**
 * One per company. Holds every agent websocket of the company (hibernation API, so idle sockets cost
 * nothing), decides per socket who may see each event, and later serialises ticket commands.
 * Nothing that must survive lives in instance fields: socket state is in attachments, the company id in storage.
 */
export class CompanyHub extends DurableObject<Env> {
  private readonly db;
  private readonly commands = new SerialQueue();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = createDb(env.DB);
    // Heartbeats are answered by the runtime without waking a hibernated hub.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  /** The websocket upgrade, forwarded by the worker after it authenticated the user. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a websocket upgrade", { status: 426 });
    }
    const actor = hubActor.parse(JSON.parse(request.headers.get(HUB_ACTOR_HEADER) ?? "null"));
    const companyId = Number(request.headers.get(HUB_COMPANY_HEADER));
    await this.rememberCompany(companyId);

    const { 0: client, 1: server } = new WebSocketPair();
    // Every socket starts in the notification room: it receives what its profile may see without asking.
    const state: SocketState = { ...actor, rooms: [roomNames.notification] };
    this.ctx.acceptWebSocket(server, [userTag(actor.userId)]);
    server.serializeAttachment(state);
    server.send(JSON.stringify([{ type: "ready", userId: actor.userId, rooms: state.rooms } satisfies ServerEvent]));
    await this.markSeen(actor.userId);
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
    const state = ws.deserializeAttachment() as SocketState;
    const msg = parsed.data;
    switch (msg.type) {
      case "joinNotification":
        this.setRooms(ws, state, addRoom(state.rooms, roomNames.notification));
        break;
      case "joinTickets":
        this.setRooms(ws, state, addRoom(state.rooms, roomNames.tickets(msg.status)));
        break;
      case "leaveTickets":
        this.setRooms(ws, state, state.rooms.filter((r) => r !== roomNames.tickets(msg.status)));
        break;
      case "joinChatBox":
        // Whether the user may see that ticket is checked when events are addressed to the room.
        this.setRooms(ws, state, addRoom(state.rooms, roomNames.chatBox(msg.ticketId)));
        break;
      case "leaveChatBox":
        this.setRooms(ws, state, state.rooms.filter((r) => r !== roomNames.chatBox(msg.ticketId)));
        break;
      case "userStatus":
        await this.markSeen(state.userId);
        break;
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
    const frames = new Map<string, string>();
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (!state) continue;
      const picked: number[] = [];
      deliveries.forEach((d, i) => {
        if (audienceIncludes(d.audience, state)) picked.push(i);
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
   * Runs a ticket command for `actor`, after every command before it has finished. The actor was authenticated
   * by the worker moments ago; the hub has no public route, so only the worker can call this.
   */
  async command(name: HubCommandName, actor: CurrentUser, input: never): Promise<CommandEnvelope> {
    return this.commands.run(async () => {
      try {
        const ctx = {
          db: this.db,
          env: this.envFor(actor.companyId),
          companyId: actor.companyId,
          user: actor,
          waitUntil: (p: Promise<unknown>) => this.ctx.waitUntil(p),
        };
        const value = await hubCommands[name]({ ctx, input });
        return { ok: true, value };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, error: { code: err.code, message: err.message, details: err.details } };
        throw err;
      }
    });
  }

  /**
   * Inbound WhatsApp events of this company, from the bridge, in order. They share the command queue, so an
   * inbound message and an agent's accept of the same ticket never interleave.
   */
  async ingest(companyId: number, events: BridgeEvent[]): Promise<{ ingested: number }> {
    await this.rememberCompany(companyId);
    return this.commands.run(async () => {
      const ctx = { ...this.systemCtx(companyId), companySettings: await companySettingsSnapshot(this.db, companyId) };
      return ingestEvents({ ctx, input: { events } });
    });
  }

  /**
   * The minute's ticket automation (cron): idle tickets closed, queue-less waiting tickets transferred, in slices
   * that each take one turn of the command queue, so agents' commands go on between them.
   */
  async automate(companyId: number, now: number): Promise<{ closed: number; transferred: number }> {
    await this.rememberCompany(companyId);
    return automateTickets({ ctx: this.systemCtx(companyId), input: { now }, serially: (task) => this.commands.run(task) });
  }

  /**
   * A send of the external API (POST /api/messages/send): nobody is logged in, so it runs as the system, in
   * the command queue like an agent's send. Refusals come back as data, as `command`'s do.
   */
  async sendExternal(companyId: number, input: ExternalSendCommand): Promise<CommandEnvelope> {
    await this.rememberCompany(companyId);
    return this.commands.run(async () => {
      try {
        return { ok: true, value: await sendExternalMessage({ ctx: this.systemCtx(companyId), input }) };
      } catch (err) {
        if (err instanceof AppError) return { ok: false, error: { code: err.code, message: err.message, details: err.details } };
        throw err;
      }
    });
  }

  /** A user was edited: sockets keep deciding visibility from the new profile and queues. */
  async updateActor(userId: number, patch: Partial<Omit<HubActor, "userId" | "sessionId">>): Promise<void> {
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      const state = ws.deserializeAttachment() as SocketState;
      ws.serializeAttachment({ ...state, ...patch });
    }
  }

  /** Closes the sockets of a user's sessions other than `keepSessionId` (null closes them all). */
  async endSessions(userId: number, keepSessionId: string | null, reason: "replaced" | "revoked"): Promise<void> {
    const audience: Audience = { kind: "userSessionsExcept", userId, keepSessionId };
    await this.publish([{ audience, event: { type: "auth", action: reason } }]);
    for (const ws of this.ctx.getWebSockets(userTag(userId))) {
      const state = ws.deserializeAttachment() as SocketState;
      if (audienceIncludes(audience, state)) ws.close(4001, reason);
    }
  }

  /** How many sockets are connected (tests and the benchmark). */
  async socketCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Marks users offline whose tabs stopped reporting, then re-arms for the next one due. */
  override async alarm(): Promise<void> {
    const companyId = await this.companyId();
    if (companyId === null) return;
    const cutoff = new Date(Date.now() - OFFLINE_AFTER_MS);
    const wentOffline = await this.db
      .update(users)
      .set({ online: false })
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.online, true),
          or(isNull(users.lastSeenAt), lt(users.lastSeenAt, cutoff)),
        ),
      )
      .returning({ id: users.id, name: users.name, email: users.email, profile: users.profile });
    if (wentOffline.length > 0) {
      await this.publish(
        wentOffline.map((u) => ({
          audience: { kind: "company" },
          event: { type: "user", action: "update", userId: u.id, user: { ...u, online: false } },
        })),
      );
    }
    const next = await this.db
      .select({ earliest: sql<number | null>`min(${users.lastSeenAt})` })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.online, true)))
      .get();
    if (next?.earliest != null) await this.ctx.storage.setAlarm(Number(next.earliest) + OFFLINE_AFTER_MS);
  }

  private systemCtx(companyId: number) {
    return systemCtx({ db: this.db, env: this.envFor(companyId), companyId, waitUntil: (p: Promise<unknown>) => this.ctx.waitUntil(p) });
  }

  /** Work run here publishes straight to this hub's sockets (no RPC to itself). */
  private envFor(companyId: number) {
    return envInsideHub(this.env, { companyId, publish: (deliveries) => this.publish(deliveries) });
  }

  private setRooms(ws: WebSocket, state: SocketState, rooms: string[]) {
    ws.serializeAttachment({ ...state, rooms });
  }

  private async markSeen(userId: number): Promise<void> {
    const companyId = await this.companyId();
    if (companyId === null) return;
    const mine = and(eq(users.id, userId), eq(users.companyId, companyId));
    const user = await this.db
      .select({ id: users.id, name: users.name, email: users.email, profile: users.profile, online: users.online })
      .from(users)
      .where(mine)
      .get();
    if (!user) return;
    const now = new Date();
    await this.db.update(users).set({ online: true, lastSeenAt: now }).where(mine);
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(now.getTime() + OFFLINE_AFTER_MS);
    }
    if (!user.online) {
      await this.publish([
        { audience: { kind: "company" }, event: { type: "user", action: "update", userId, user: { ...user, online: true } } },
      ]);
    }
  }

  private async rememberCompany(companyId: number) {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new Error("hub: missing company id");
    if ((await this.ctx.storage.get<number>("companyId")) !== companyId) await this.ctx.storage.put("companyId", companyId);
  }

  private async companyId(): Promise<number | null> {
    return (await this.ctx.storage.get<number>("companyId")) ?? null;
  }
}

function userTag(userId: number) {
  return `user:${userId}`;
}

function addRoom(rooms: string[], room: string) {
  return rooms.includes(room) ? rooms : [...rooms, room];
}
