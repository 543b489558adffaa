import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGES_PAGE_SIZE } from "../../contracts/chats";
import { chatMessages, chats, chatUsers } from "../../db/tenant";
import { call, companyWithTeam, createPlan, createUser, inTenant, loginAs } from "../../testing/fixtures";
import { PNG } from "../../testing/media";
import { formWithFile, rawCall } from "../../testing/records";
import { connect } from "../../testing/sockets";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

/** A logged-in user of the company, with a name of our own for mentions. */
async function colleague(companyId: number, name: string) {
  const user = await createUser(companyId, { name });
  return { ...user, token: await loginAs(user.email) };
}

async function newChat(team: Team, users: number[], title = "Equipe") {
  const res = await call("POST", "/api/chats", { token: team.agent.token, body: { title, users } });
  expect(res.status).toBe(201);
  return res.json as { id: number; uuid: string; users: { userId: number; unreads: number }[] };
}

const chatCount = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(chats).where(eq(chats.companyId, companyId)).get()))!.n;
const unreadsOf = (companyId: number, chatId: number) =>
  inTenant(companyId, (db) => db.select({ userId: chatUsers.userId, unreads: chatUsers.unreads }).from(chatUsers).where(eq(chatUsers.chatId, chatId)).all());

describe("POST /api/chats", () => {
  it("makes a group chat owned by its creator, with the chosen colleagues, and tells them", async () => {
    const socket = await connect(teamA.supervisor.token);
    const res = await call("POST", "/api/chats", { token: teamA.agent.token, body: { title: " Plantão ", users: [teamA.supervisor.id] } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ title: "Plantão", ownerId: teamA.agent.id, direct: false, lastMessage: "" });
    expect(res.json.users.map((u: { userId: number }) => u.userId).sort()).toEqual([teamA.supervisor.id, teamA.agent.id].sort());
    await socket.next((e) => e.type === "chat" && e.action === "update" && e.chat.id === res.json.id);
    socket.ws.close();
  });

  it("takes a large group (more members than one statement binds) and mentions of all of them", async () => {
    const team = await companyWithTeam();
    const people = [];
    for (let i = 0; i < 40; i++) people.push(await createUser(team.company.id, { name: `Pessoa ${String(i).padStart(2, "0")} ${Date.now()}` }));
    const res = await call("POST", "/api/chats", { token: team.agent.token, body: { title: "Todos", users: people.map((p) => p.id) } });
    expect(res.status).toBe(201);
    expect(res.json.users).toHaveLength(41);
    const text = people.map((p) => `@${p.name}`).join(" ");
    const sent = await call("POST", `/api/chats/${res.json.id}/messages`, { token: team.agent.token, body: { message: text, mentions: people.map((p) => p.id) } });
    expect(sent.status).toBe(201);
    expect(sent.json.mentions).toHaveLength(40);
  });

  it("answers the dialog's messages for a missing title or no users, and writes nothing", async () => {
    const before = await chatCount(teamA.company.id);
    const noTitle = await call("POST", "/api/chats", { token: teamA.agent.token, body: { title: "  ", users: [teamA.admin.id] } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.fields).toEqual({ title: "Required" });
    const noUsers = await call("POST", "/api/chats", { token: teamA.agent.token, body: { title: "Sem gente", users: [] } });
    expect(noUsers.status).toBe(400);
    expect(noUsers.json.fields).toEqual({ users: "Required" });
    expect(await chatCount(teamA.company.id)).toBe(before);
  });

  it("answers 404 for another company's user and makes nothing", async () => {
    const before = await chatCount(teamA.company.id);
    const res = await call("POST", "/api/chats", { token: teamA.agent.token, body: { title: "Mista", users: [teamB.agent.id] } });
    expect(res.status).toBe(404);
    expect(res.json.error).toBe("ERR_NO_USER_FOUND");
    expect(await chatCount(teamA.company.id)).toBe(before);
  });
});

describe("GET /api/chats and /api/chats/:id", () => {
  it("lists only the user's own chats, and answers 404 for a chat they are not in or of another company", async () => {
    const mine = await newChat(teamA, [teamA.supervisor.id], "Só nós");
    const list = await call("GET", "/api/chats", { token: teamA.supervisor.token });
    expect(list.json.records.map((c: { id: number }) => c.id)).toContain(mine.id);
    const adminList = await call("GET", "/api/chats", { token: teamA.admin.token });
    expect(adminList.json.records.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    expect((await call("GET", `/api/chats/${mine.id}`, { token: teamA.supervisor.token })).status).toBe(200);
    const outsider = await call("GET", `/api/chats/${mine.id}`, { token: teamA.admin.token });
    expect(outsider.status).toBe(404);
    expect(outsider.json.error).toBe("ERR_NO_CHAT_FOUND");
    expect((await call("GET", `/api/chats/${mine.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("GET", `/api/chats/${mine.id}/messages`, { token: teamA.admin.token })).status).toBe(404);
  });

  it("shows an admin which chats exist (scope=all) without what was said; others get 403", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id], "Segredo");
    await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, body: { message: "confidencial" } });
    const all = await call("GET", "/api/chats?scope=all", { token: teamA.admin.token });
    expect(all.status).toBe(200);
    const seen = all.json.records.find((c: { id: number }) => c.id === chat.id);
    expect(seen).toMatchObject({ title: "Segredo", lastMessage: "" });
    expect(all.json.records.some((c: { lastMessage: string }) => c.lastMessage === "confidencial")).toBe(false);
    expect((await call("GET", "/api/chats?scope=all", { token: teamA.agent.token })).status).toBe(403);
    const other = await call("GET", "/api/chats?scope=all", { token: teamB.admin.token });
    expect(other.json.records.map((c: { id: number }) => c.id)).not.toContain(chat.id);
    expect((await call("GET", "/api/chats?scope=everything", { token: teamA.admin.token })).status).toBe(400);
  });
});

describe("PUT and DELETE /api/chats/:id", () => {
  it("lets the owner rename and change members; a removed member is told and loses access", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id, teamA.admin.id]);
    const removed = await connect(teamA.admin.token);
    const res = await call("PUT", `/api/chats/${chat.id}`, { token: teamA.agent.token, body: { title: "Novo nome", users: [teamA.supervisor.id] } });
    expect(res.status).toBe(200);
    expect(res.json.title).toBe("Novo nome");
    expect(res.json.users.map((u: { userId: number }) => u.userId).sort()).toEqual([teamA.supervisor.id, teamA.agent.id].sort());
    await removed.next((e) => e.type === "chat" && e.action === "delete" && e.chatId === chat.id);
    removed.ws.close();
    expect((await call("GET", `/api/chats/${chat.id}`, { token: teamA.admin.token })).status).toBe(404);
  });

  it("answers 403 to a member who is not the owner, 404 to others, 400 to an empty edit, and changes nothing", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id], "Intocável");
    const member = await call("PUT", `/api/chats/${chat.id}`, { token: teamA.supervisor.token, body: { title: "Hack" } });
    expect(member.status).toBe(403);
    expect((await call("DELETE", `/api/chats/${chat.id}`, { token: teamA.supervisor.token })).status).toBe(403);
    expect((await call("PUT", `/api/chats/${chat.id}`, { token: teamA.admin.token, body: { title: "Hack" } })).status).toBe(404);
    expect((await call("DELETE", `/api/chats/${chat.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/chats/${chat.id}`, { token: teamA.agent.token, body: {} })).status).toBe(400);
    const blank = await call("PUT", `/api/chats/${chat.id}`, { token: teamA.agent.token, body: { title: "" } });
    expect(blank.json.fields).toEqual({ title: "Required" });
    const row = await inTenant(teamA.company.id, (db) => db.select().from(chats).where(eq(chats.id, chat.id)).get());
    expect(row?.title).toBe("Intocável");
  });

  it("deletes the owner's chat with its messages and tells the members", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, body: { message: "tchau" } });
    const member = await connect(teamA.supervisor.token);
    const res = await call("DELETE", `/api/chats/${chat.id}`, { token: teamA.agent.token });
    expect(res.status).toBe(200);
    await member.next((e) => e.type === "chat" && e.action === "delete" && e.chatId === chat.id);
    member.ws.close();
    const left = await inTenant(teamA.company.id, (db) => db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chat.id)).get());
    expect(left!.n).toBe(0);
  });
});

describe("POST /api/chats/:id/leave", () => {
  it("lets a member leave; an owner leaving hands the chat on; the last one deletes it", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    expect((await call("POST", `/api/chats/${chat.id}/leave`, { token: teamA.agent.token })).status).toBe(200);
    const after = await call("GET", `/api/chats/${chat.id}`, { token: teamA.supervisor.token });
    expect(after.json.ownerId).toBe(teamA.supervisor.id);
    expect((await call("GET", `/api/chats/${chat.id}`, { token: teamA.agent.token })).status).toBe(404);
    expect((await call("POST", `/api/chats/${chat.id}/leave`, { token: teamA.admin.token })).status).toBe(404);
    await call("POST", `/api/chats/${chat.id}/leave`, { token: teamA.supervisor.token });
    expect(await inTenant(teamA.company.id, (db) => db.select().from(chats).where(eq(chats.id, chat.id)).get())).toBeUndefined();
  });
});

describe("POST /api/chats/direct", () => {
  it("opens the same one-to-one conversation from either side, and refuses oneself or another company's user", async () => {
    const first = await call("POST", "/api/chats/direct", { token: teamA.agent.token, body: { userId: teamA.admin.id } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ direct: true });
    const again = await call("POST", "/api/chats/direct", { token: teamA.admin.token, body: { userId: teamA.agent.id } });
    expect(again.json.id).toBe(first.json.id);
    expect((await call("POST", "/api/chats/direct", { token: teamA.agent.token, body: { userId: teamA.agent.id } })).status).toBe(400);
    expect((await call("POST", "/api/chats/direct", { token: teamA.agent.token, body: { userId: teamB.agent.id } })).status).toBe(404);
    const edit = await call("PUT", `/api/chats/${first.json.id}`, { token: teamA.agent.token, body: { title: "x" } });
    expect(edit.status).toBe(403);
  });
});

describe("POST and GET /api/chats/:id/messages", () => {
  it("stores a member's message, counts it unread for the others, and delivers it to members only", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    const member = await connect(teamA.supervisor.token);
    const outsider = await connect(teamA.admin.token);
    const res = await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, body: { message: "  Bom dia  " } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ chatId: chat.id, senderId: teamA.agent.id, message: "Bom dia", sender: { id: teamA.agent.id } });
    const event = await member.next((e) => e.type === "chat" && e.action === "new-message");
    expect(event).toMatchObject({ message: { id: res.json.id }, chat: { id: chat.id, lastMessage: "Bom dia" } });
    expect((event as { chat: { users: { userId: number; unreads: number }[] } }).chat.users.find((u) => u.userId === teamA.supervisor.id)?.unreads).toBe(1);
    expect((await outsider.quiet()).filter((e) => e.type === "chat")).toEqual([]);
    member.ws.close();
    outsider.ws.close();
    expect(await unreadsOf(teamA.company.id, chat.id)).toEqual(
      expect.arrayContaining([{ userId: teamA.supervisor.id, unreads: 1 }, { userId: teamA.agent.id, unreads: 0 }]),
    );
  });

  it("refuses a blank message, a non-member and another company, writing nothing", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    const blank = await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, body: { message: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toHaveProperty("message");
    expect((await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.admin.token, body: { message: "intruso" } })).status).toBe(404);
    expect((await call("POST", `/api/chats/${chat.id}/messages`, { token: teamB.admin.token, body: { message: "intruso" } })).status).toBe(404);
    const stored = await inTenant(teamA.company.id, (db) => db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chat.id)).get());
    expect(stored!.n).toBe(0);
  });

  it("pages back from the newest, each page oldest first", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    const total = CHAT_MESSAGES_PAGE_SIZE + 5;
    await inTenant(teamA.company.id, (db) => {
      for (let i = 0; i < total; i++) {
        db.insert(chatMessages).values({ companyId: teamA.company.id, chatId: chat.id, senderId: teamA.agent.id, message: `m${i}`, createdAt: new Date(1_700_000_000_000 + i * 1000) }).run();
      }
    });
    const page1 = await call("GET", `/api/chats/${chat.id}/messages`, { token: teamA.supervisor.token });
    expect(page1.json.hasMore).toBe(true);
    expect(page1.json.records).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    expect(page1.json.records.at(-1).message).toBe(`m${total - 1}`);
    const page2 = await call("GET", `/api/chats/${chat.id}/messages?pageNumber=2`, { token: teamA.supervisor.token });
    expect(page2.json).toMatchObject({ hasMore: false });
    expect(page2.json.records.map((m: { message: string }) => m.message)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect((await call("GET", `/api/chats/${chat.id}/messages?pageNumber=0`, { token: teamA.supervisor.token })).status).toBe(400);
  });

  it("keeps the mentions of members whose @name the text carries, and drops the others", async () => {
    const ana = await colleague(teamA.company.id, `Ana ${Date.now()}`);
    const chat = await newChat(teamA, [ana.id, teamA.supervisor.id]);
    const res = await call("POST", `/api/chats/${chat.id}/messages`, {
      token: teamA.agent.token,
      body: { message: `@${ana.name} veja isto`, mentions: [ana.id, teamA.supervisor.id, teamA.admin.id] },
    });
    expect(res.json.mentions).toEqual([ana.id]);
  });

  it("takes an attachment (multipart) and serves it to members only", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id]);
    const res = await call("POST", `/api/chats/${chat.id}/messages`, {
      token: teamA.agent.token,
      rawBody: formWithFile("file", PNG, "foto da loja.png", "image/png", { message: "olha" }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ message: "olha", mediaName: "foto_da_loja.png" });
    const own = await rawCall("GET", res.json.mediaUrl, teamA.supervisor.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect((await rawCall("GET", res.json.mediaUrl, teamA.admin.token)).status).toBe(404);
    expect((await rawCall("GET", res.json.mediaUrl, teamB.admin.token)).status).toBe(404);
    const none = await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, rawBody: formWithFile("other", "x", "a.txt") });
    expect(none.status).toBe(400);
  });
});

describe("POST /api/chats/:id/read", () => {
  it("clears the session user's count (never a user id from the body) and tells the members how far they read", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id, teamA.admin.id]);
    const sent = await call("POST", `/api/chats/${chat.id}/messages`, { token: teamA.agent.token, body: { message: "leia" } });
    const sender = await connect(teamA.agent.token);
    const res = await call("POST", `/api/chats/${chat.id}/read`, { token: teamA.supervisor.token, body: { userId: teamA.admin.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ userId: teamA.supervisor.id, unreads: 0, lastReadMessageId: sent.json.id });
    await sender.next((e) => e.type === "chat" && e.action === "read" && e.userId === teamA.supervisor.id);
    sender.ws.close();
    expect(await unreadsOf(teamA.company.id, chat.id)).toEqual(
      expect.arrayContaining([{ userId: teamA.supervisor.id, unreads: 0 }, { userId: teamA.admin.id, unreads: 1 }]),
    );
    expect((await call("POST", `/api/chats/${chat.id}/read`, { token: teamB.admin.token })).status).toBe(404);
  });

  it("keeps each member's count right under concurrent messages and reads", async () => {
    const chat = await newChat(teamA, [teamA.supervisor.id, teamA.admin.id]);
    const send = (token: string, i: number) => call("POST", `/api/chats/${chat.id}/messages`, { token, body: { message: `n${i}` } });
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => send(teamA.agent.token, i)),
      ...Array.from({ length: 4 }, (_, i) => send(teamA.supervisor.token, i)),
      call("POST", `/api/chats/${chat.id}/read`, { token: teamA.admin.token }),
    ]);
    // The admin read at some point among them: what remains unread is exactly what came after that read.
    const adminRow = await inTenant(teamA.company.id, (db) => db.select().from(chatUsers).where(eq(chatUsers.chatId, chat.id)).all());
    const admin = adminRow.find((r) => r.userId === teamA.admin.id)!;
    const newer = await inTenant(teamA.company.id, (db) => db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.chatId, chat.id)).all());
    expect(admin.unreads).toBe(newer.filter((m) => m.id > admin.lastReadMessageId).length);
    const counts = Object.fromEntries(adminRow.map((r) => [r.userId, r.unreads]));
    // The agent sent 6 and read nothing since its last: the supervisor's 4 after it; each sender reads up to their own message.
    const agentRow = adminRow.find((r) => r.userId === teamA.agent.id)!;
    expect(counts[teamA.agent.id]).toBe(newer.filter((m) => m.id > agentRow.lastReadMessageId).length);
    await call("POST", `/api/chats/${chat.id}/read`, { token: teamA.admin.token });
    expect((await unreadsOf(teamA.company.id, chat.id)).find((r) => r.userId === teamA.admin.id)?.unreads).toBe(0);
  });
});

describe("internal chat without the plan's useInternalChat", () => {
  it("answers 403 ERR_PLAN_FEATURE_DISABLED on every chat call", async () => {
    const plan = await createPlan({ useInternalChat: false });
    const team = await companyWithTeam({ planId: plan.id });
    const answers = [
      await call("GET", "/api/chats", { token: team.agent.token }),
      await call("POST", "/api/chats", { token: team.agent.token, body: { title: "x", users: [team.admin.id] } }),
      await call("POST", "/api/chats/direct", { token: team.agent.token, body: { userId: team.admin.id } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", feature: "useInternalChat" });
    }
    expect(await chatCount(team.company.id)).toBe(0);
  });
});
