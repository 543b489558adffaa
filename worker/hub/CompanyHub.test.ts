import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/tenant";
import { call, companyWithTeam, createQueue, hubInstanceOf, inTenant, loginAs, testEnv } from "../testing/fixtures";
import { createContact, createTicketRow } from "../testing/inbox";
import { connect } from "../testing/sockets";
import { HUB_MARK_HEADER, publishMarkMissed, type Audience, type PublishedEvent } from "../contracts/ws";
import { OFFLINE_AFTER_MS, type CompanyHub } from "./CompanyHub";
import { hubDirectory, hubFor } from "./ports";
import { SocketStates } from "./socketStates";

describe("GET /api/ws", () => {
  it("refuses a connection without a valid token", async () => {
    const { exports } = await import("cloudflare:workers");
    const worker = (exports as unknown as { default: { fetch(r: Request): Promise<Response> } }).default;
    const res = await worker.fetch(new Request("http://zapdesk.test/api/ws?token=forged", { headers: { Upgrade: "websocket" } }));
    expect(res.status).toBe(401);
  });

  it("places a new socket in the notification room without being asked", async () => {
    const { admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    expect(socket.events[0]).toMatchObject({ type: "ready", userId: admin.id, rooms: ["notification"] });
  });

  it("marks the user online when the socket connects", async () => {
    const { agent } = await companyWithTeam();
    await connect(agent.token);
    const row = await inTenant(agent.companyId, (db) => db.select({ online: users.online, lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, agent.id)).get());
    expect(row?.online).toBe(true);
    expect(row?.lastSeenAt).toBeInstanceOf(Date);
  });
});

describe("CompanyHub fan-out", () => {
  it("delivers company events to every socket of the company and to no other company", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const [adminA, agentA, agentB] = await Promise.all([connect(a.admin.token), connect(a.agent.token), connect(b.agent.token)]);
    await hubDirectory(testEnv).of(a.company.id).publish([
      { audience: { kind: "company" }, event: { type: "company", action: "update", companyId: a.company.id } },
    ]);
    await adminA.next((e) => e.type === "company");
    await agentA.next((e) => e.type === "company");
    expect((await agentB.quiet()).filter((e) => e.type === "company")).toEqual([]);
  });

  it("sends admin-only events only to admins", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const [adminSocket, agentSocket] = await Promise.all([connect(admin.token), connect(agent.token)]);
    await hubDirectory(testEnv).of(company.id).publish([
      { audience: { kind: "admins" }, event: { type: "settings", action: "update", key: "viewclosed", value: "enabled" } },
    ]);
    await adminSocket.next((e) => e.type === "settings");
    expect((await agentSocket.quiet()).some((e) => e.type === "settings")).toBe(false);
  });

  it("delivers room events only to sockets that joined the room, and stops after they leave", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const [joined, other] = await Promise.all([connect(admin.token), connect(agent.token)]);
    joined.send({ type: "joinTickets", status: "pending" });
    await joined.quiet(50); // let the join land before publishing
    const event = { type: "company", action: "update", companyId: company.id } as const;
    await hubDirectory(testEnv).of(company.id).publish([{ audience: { kind: "room", room: "tickets:pending" }, event }]);
    await joined.next((e) => e.type === "company");
    expect((await other.quiet()).some((e) => e.type === "company")).toBe(false);

    joined.send({ type: "leaveTickets", status: "pending" });
    await joined.quiet(50);
    await hubDirectory(testEnv).of(company.id).publish([{ audience: { kind: "room", room: "tickets:pending" }, event }]);
    expect((await joined.quiet()).some((e) => e.type === "company")).toBe(false);
  });

  it("batches several events for one socket into one frame", async () => {
    const { company, admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    await socket.next((e) => e.type === "user"); // its own "online" announcement
    const frames: string[] = [];
    socket.ws.addEventListener("message", (m) => frames.push(String(m.data)));
    await hubDirectory(testEnv).of(company.id).publish([
      { audience: { kind: "company" }, event: { type: "company", action: "update", companyId: company.id } },
      { audience: { kind: "company" }, event: { type: "settings", action: "update", key: "viewgroups", value: "enabled" } },
    ]);
    await socket.next((e) => e.type === "settings");
    expect(frames).toHaveLength(1);
    expect(JSON.parse(frames[0]!)).toHaveLength(2);
  });

  it("ignores malformed and unknown client messages without closing the socket", async () => {
    const { company, admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    socket.send("not json");
    socket.send({ type: "joinTickets", status: "everything" });
    socket.send({ type: "dropTables" });
    await socket.quiet(50);
    await hubDirectory(testEnv).of(company.id).publish([
      { audience: { kind: "company" }, event: { type: "company", action: "update", companyId: company.id } },
    ]);
    await socket.next((e) => e.type === "company");
    expect(socket.closed).toBeNull();
  });

  it("answers the heartbeat ping with a pong", async () => {
    const { admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    const pong = new Promise<string>((resolve) =>
      socket.ws.addEventListener("message", (m) => String(m.data).includes("pong") && resolve(String(m.data))),
    );
    socket.send('{"type":"ping"}');
    expect(await pong).toBe('{"type":"pong"}');
  });
});

describe("CompanyHub sockets' state (in memory, attachments as its durable copy)", () => {
  const settings = { viewgroups: false, viewclosed: false };
  const ticketOfQueue = (queueId: number): Audience => ({
    kind: "ticket",
    before: null,
    after: { status: "pending", userId: null, queueId, isGroup: false },
    settings,
  });
  const marker = (companyId: number): PublishedEvent => ({ type: "company", action: "update", companyId });
  const publish = (companyId: number, audience: Audience) =>
    hubDirectory(testEnv).of(companyId).publish([{ audience, event: marker(companyId) }]);
  /** What the runtime does to the hub when it hibernates: the instance, and all it held in memory, is gone. */
  const forgetInMemory = (companyId: number) =>
    runInDurableObject(hubInstanceOf(companyId), (hub) => {
      (hub as unknown as { sockets: SocketStates }).sockets = new SocketStates();
    });

  it("delivers a room's events to a socket that joins it after events were already delivered to it", async () => {
    const { company, admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    await publish(company.id, { kind: "company" });
    await socket.next((e) => e.type === "company");
    socket.send({ type: "joinTickets", status: "open" });
    await socket.quiet(50);
    await publish(company.id, { kind: "room", room: "tickets:open" });
    await socket.next((e) => e.type === "company");
  });

  it("follows a user's edited queues and profile on their open sockets (updateActor)", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const queue = await createQueue(company.id);
    const tab = await connect(agent.token);
    await publish(company.id, ticketOfQueue(queue.id));
    await publish(company.id, { kind: "admins" });
    expect((await tab.quiet()).some((e) => e.type === "company")).toBe(false);

    const res = await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { queueIds: [queue.id] } });
    expect(res.status).toBe(200);
    await publish(company.id, ticketOfQueue(queue.id));
    await tab.next((e) => e.type === "company");

    await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { profile: "admin" } });
    await publish(company.id, { kind: "admins" });
    await tab.next((e) => e.type === "company");
  });

  it("after hibernation, reads each socket's rooms and its user's latest queues back from the attachments", async () => {
    const { company, admin, agent, supervisor } = await companyWithTeam();
    const queue = await createQueue(company.id);
    const [agentTab, supervisorTab] = await Promise.all([connect(agent.token), connect(supervisor.token)]);
    agentTab.send({ type: "joinChatBox", ticketId: 4242 });
    await agentTab.quiet(50);
    await call("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { queueIds: [queue.id] } });

    await forgetInMemory(company.id);
    await publish(company.id, { kind: "room", room: "ticket:4242" });
    await agentTab.next((e) => e.type === "company");
    await publish(company.id, ticketOfQueue(queue.id));
    await agentTab.next((e) => e.type === "company");
    expect((await supervisorTab.quiet()).some((e) => e.type === "company")).toBe(false);

    // Changes after the wake are kept too.
    agentTab.send({ type: "leaveChatBox", ticketId: 4242 });
    await agentTab.quiet(50);
    await publish(company.id, { kind: "room", room: "ticket:4242" });
    expect((await agentTab.quiet()).some((e) => e.type === "company")).toBe(false);
  });
});

describe("the hub's publish mark: whether a ticket list read before its socket was accepted missed an event", () => {
  const readyMark = (socket: Awaited<ReturnType<typeof connect>>) => {
    const ready = socket.events.find((e) => e.type === "ready");
    return ready?.type === "ready" ? ready.mark : undefined;
  };
  const listMark = async (token: string) => {
    const res = await call("GET", "/api/tickets?status=open&pageNumber=1", { token });
    expect(res.status).toBe(200);
    return res.headers.get(HUB_MARK_HEADER);
  };

  it("says nothing was missed when nothing was published between the read and the accept", async () => {
    const { admin } = await companyWithTeam();
    await connect(admin.token); // the admin's own "online" announcement comes and goes before the read
    const mark = await listMark(admin.token);
    const socket = await connect(admin.token);
    expect(mark).toMatch(/^[0-9a-f]{8}\.\d+$/);
    expect(publishMarkMissed(mark, readyMark(socket))).toBe(false);
  });

  it("says an event may have been missed when one was published between the read and the accept", async () => {
    const { company, admin } = await companyWithTeam();
    await connect(admin.token);
    const mark = await listMark(admin.token);
    await hubDirectory(testEnv).of(company.id).publish([{ audience: { kind: "admins" }, event: { type: "company", action: "update", companyId: company.id } }]);
    const socket = await connect(admin.token);
    expect(publishMarkMissed(mark, readyMark(socket))).toBe(true);
  });

  it("says nothing was missed by a list read after the accept", async () => {
    const { company, admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    await hubDirectory(testEnv).of(company.id).publish([{ audience: { kind: "admins" }, event: { type: "company", action: "update", companyId: company.id } }]);
    expect(publishMarkMissed(await listMark(admin.token), readyMark(socket))).toBe(false);
  });

  it("counts unknown marks and marks of another hub instance (after hibernation) as missed", () => {
    expect(publishMarkMissed(null, "abcd1234.3")).toBe(true);
    expect(publishMarkMissed("abcd1234.3", undefined)).toBe(true);
    expect(publishMarkMissed("abcd1234.9", "ffff0000.3")).toBe(true);
    expect(publishMarkMissed("abcd1234.3", "abcd1234.3")).toBe(false);
    expect(publishMarkMissed("abcd1234.2", "abcd1234.3")).toBe(true);
  });
});

describe("the hub's publish mark on a chat: whether messages read before the socket joined the chat's room missed one", () => {
  const messagesMark = async (token: string, ticketId: number) => {
    const res = await call("GET", `/api/messages/${ticketId}?pageNumber=1`, { token });
    expect(res.status).toBe(200);
    return res.headers.get(HUB_MARK_HEADER);
  };
  const joinedMark = async (socket: Awaited<ReturnType<typeof connect>>, ticketId: number) => {
    socket.send({ type: "joinChatBox", ticketId });
    const joined = await socket.next((e) => e.type === "joined" && e.room === `ticket:${ticketId}`);
    return joined.type === "joined" ? joined.mark : undefined;
  };

  it("answers a join with the room and the mark from which the socket hears it", async () => {
    const { admin, company } = await companyWithTeam();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const socket = await connect(admin.token);
    socket.send({ type: "joinTickets", status: "pending" });
    expect(await socket.next((e) => e.type === "joined")).toMatchObject({ type: "joined", room: "tickets:pending" });
    expect(await joinedMark(socket, ticket.id)).toMatch(/^[0-9a-f]{8}\.\d+$/);
  });

  it("says nothing was missed when nothing was published between the messages' read and the join", async () => {
    const { admin, company } = await companyWithTeam();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const socket = await connect(admin.token); // answers once the socket is ready
    const mark = await messagesMark(admin.token, ticket.id);
    expect(publishMarkMissed(mark, await joinedMark(socket, ticket.id))).toBe(false);
  });

  it("says a message may have been missed when one was published between the read and the join", async () => {
    const { admin, company } = await companyWithTeam();
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id });
    const socket = await connect(admin.token); // answers once the socket is ready
    const mark = await messagesMark(admin.token, ticket.id);
    await hubDirectory(testEnv).of(company.id).publish([{ audience: { kind: "admins" }, event: { type: "company", action: "update", companyId: company.id } }]);
    expect(publishMarkMissed(mark, await joinedMark(socket, ticket.id))).toBe(true);
  });
});

describe("sessions and the hub", () => {
  it("tells the old tab its account was accessed elsewhere and closes it when the user logs in again", async () => {
    const { agent } = await companyWithTeam();
    const oldTab = await connect(agent.token);
    await loginAs(agent.email);
    expect(await oldTab.next((e) => e.type === "auth")).toEqual({ type: "auth", action: "replaced" });
    await oldTab.quiet(50);
    expect(oldTab.closed?.code).toBe(4001);
  });

  it("closes the sockets of a session that logs out", async () => {
    const { agent } = await companyWithTeam();
    const tab = await connect(agent.token);
    await call("DELETE", "/api/auth/logout", { token: agent.token });
    expect(await tab.next((e) => e.type === "auth")).toEqual({ type: "auth", action: "revoked" });
  });
});

describe("userStatus and presence", () => {
  it("marks users offline once they stop reporting, and tells the company", async () => {
    const { company, admin, agent } = await companyWithTeam();
    const watcher = await connect(admin.token);
    await connect(agent.token);
    // The agent's tab went quiet long ago; the admin's keeps reporting.
    await inTenant(company.id, (db) => db.update(users).set({ lastSeenAt: new Date(Date.now() - OFFLINE_AFTER_MS - 1000) }).where(eq(users.id, agent.id)).run());
    const stub = hubFor(testEnv, company.id);
    await runDurableObjectAlarm(stub);
    const event = await watcher.next((e) => e.type === "user" && e.userId === agent.id && e.user?.online === false);
    expect(event).toMatchObject({ type: "user", action: "update", user: { online: false } });
    const rows = await inTenant(company.id, (db) => db.select({ id: users.id, online: users.online }).from(users).where(eq(users.companyId, company.id)).all());
    expect(rows.find((r) => r.id === agent.id)?.online).toBe(false);
    expect(rows.find((r) => r.id === admin.id)?.online).toBe(true);
  });

  it("brings a user back online on userStatus and announces it", async () => {
    const { admin, agent } = await companyWithTeam();
    const watcher = await connect(admin.token);
    const tab = await connect(agent.token);
    await inTenant(agent.companyId, (db) => db.update(users).set({ online: false }).where(eq(users.id, agent.id)).run());
    tab.send({ type: "userStatus" });
    const event = await watcher.next((e) => e.type === "user" && e.userId === agent.id && e.user?.online === true);
    expect(event.type).toBe("user");
  });
});

describe("follow-ups: what an event sets off runs after it, in the command queue (HubPort.afterThis)", () => {
  it("runs each follow-up after the work that queued it, the ones they queue after them, and settled waits for all", async () => {
    const { admin } = await companyWithTeam();
    await runInDurableObject(hubInstanceOf(admin.companyId), async (hub: CompanyHub) => {
      const port = hub.systemCtx(admin.companyId).hub;
      const order: string[] = [];
      port.afterThis("first", async () => {
        order.push("first");
        port.afterThis("second", async () => {
          order.push("second");
        });
      });
      port.afterThis("a failing one", async () => {
        throw new Error("refused");
      });
      port.afterThis("third", async () => {
        order.push("third");
      });
      order.push("queued");
      await hub.settled();
      // A failure is logged and the queue goes on; the follow-up queued by "first" waits behind "third".
      expect(order).toEqual(["queued", "first", "third", "second"]);
    });
  });
});
