import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, queueOptions, tickets, whatsappQueues } from "../../db/tenant";
import { deliver as deliverBridge, inbound } from "../../testing/bridge";
import { connectedNumber, GRAPH, ingest, useCloudFakes } from "../../testing/cloud";
import { companyWithTeam, createQueue, inTenant } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";

const fakes = useCloudFakes();
let seq = 0;

/** A company with a Cloud API number offering `queues` (name, and its options' titles), and a customer of it. */
async function cloudBot(queues: { name: string; greeting?: string; options?: string[] }[]) {
  const team = await companyWithTeam();
  const { number, connectionId } = await connectedNumber(team);
  const made = await offerQueues(team.company.id, connectionId, queues);
  const customer = { waId: `55119871${String(++seq).padStart(5, "0")}`, name: "Cliente" };
  /** The customer writes (or taps `replyId` on our last menu); what the bot says goes out through Meta. */
  const customerWrites = async (body: string) => {
    await ingest((await fakes.graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body } })).hook);
    await fakes.outbound.deliver();
  };
  const customerTaps = async (replyId: string) => {
    await ingest((await fakes.graph.customerTaps(number.phoneNumberId, customer, replyId)).hook);
    await fakes.outbound.deliver();
  };
  return { team, companyId: team.company.id, connectionId, number, customer, customerWrites, customerTaps, ...made };
}

async function offerQueues(companyId: number, connectionId: number, queues: { name: string; greeting?: string; options?: string[] }[]) {
  const made: { queue: Awaited<ReturnType<typeof createQueue>>; options: (typeof queueOptions.$inferSelect)[] }[] = [];
  for (const [i, q] of queues.entries()) {
    const queue = await createQueue(companyId, { name: q.name, orderQueue: i + 1, greetingMessage: q.greeting ?? "" });
    const options = [];
    for (const [j, title] of (q.options ?? []).entries()) {
      options.push(await inTenant(companyId, (db) => db.insert(queueOptions).values({ companyId, queueId: queue.id, parentId: null, option: String(j + 1), title, message: `${title}: detalhes.` }).returning().get()));
    }
    made.push({ queue, options });
  }
  await inTenant(companyId, (db) => db.insert(whatsappQueues).values(made.map(({ queue }) => ({ whatsappId: connectionId, queueId: queue.id }))).run());
  return { queues: made };
}

/** What the bot stored, oldest first: its kind, body and the interactive message it carries, if any. */
async function botSaid(companyId: number) {
  const rows = await inTenant(companyId, (db) =>
    db
      .select({ body: messages.body, dataJson: messages.dataJson, mediaType: messages.mediaType })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id))
      .all(),
  );
  return rows.map((r) => {
    const data = JSON.parse(r.dataJson ?? "{}") as { bot?: string; interactive?: Record<string, unknown> };
    return { kind: data.bot, body: r.body, mediaType: r.mediaType, interactive: data.interactive };
  });
}

const ticketOf = async (companyId: number) => (await inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).all()))[0]!;
const lastSend = () => fakes.graph.sends.at(-1)!.body;

describe("chatbot menus on a Cloud API connection", () => {
  it("sends up to three queues as reply buttons, keeps the text menu in the history, and a tapped button picks the queue", async () => {
    const bot = await cloudBot([{ name: "Vendas" }, { name: "Suporte", greeting: "Suporte: descreva o problema." }]);
    await bot.customerWrites("oi");
    const [menu] = await botSaid(bot.companyId);
    expect(menu).toMatchObject({ kind: "queuesMenu", mediaType: "chat", body: expect.stringContaining("*[ 2 ]* - Suporte") });
    const [sales, support] = bot.queues;
    expect(lastSend()).toMatchObject({
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Escolha uma opção:" },
        action: { buttons: [{ type: "reply", reply: { id: `queue:${sales!.queue.id}`, title: "Vendas" } }, { type: "reply", reply: { id: `queue:${support!.queue.id}`, title: "Suporte" } }] },
      },
    });

    await bot.customerTaps(`queue:${support!.queue.id}`);
    expect(await ticketOf(bot.companyId)).toMatchObject({ queueId: support!.queue.id, chatbot: false });
    const said = await botSaid(bot.companyId);
    expect(said.map((s) => s.kind)).toEqual(["queuesMenu", "queueGreeting"]);
    expect(lastSend()).toMatchObject({ type: "text", text: { body: "Suporte: descreva o problema." } });
    const tap = await inTenant(bot.companyId, (db) => db.select().from(messages).where(and(eq(messages.companyId, bot.companyId), eq(messages.fromMe, false))).orderBy(asc(messages.id)).all());
    expect(tap.at(-1)).toMatchObject({ mediaType: "button", body: "Suporte" });
  });

  it("sends up to ten entries as a list with the ways back, and a tapped row walks the options and back to the main menu", async () => {
    const bot = await cloudBot([{ name: "Vendas", greeting: "Vendas: o que procura?", options: ["Planos", "Preços", "Prazos", "Pagamento"] }, { name: "Outros" }]);
    await bot.customerWrites("oi");
    await bot.customerWrites("1");
    const [, options] = await botSaid(bot.companyId);
    const sales = bot.queues[0]!;
    expect(options).toMatchObject({ kind: "optionsMenu", body: expect.stringContaining("*[ 4 ]* - Pagamento"), interactive: { type: "list" } });
    expect(lastSend()).toMatchObject({
      type: "interactive",
      interactive: {
        type: "list",
        body: { text: "Vendas: o que procura?" },
        action: {
          button: "Opções",
          sections: [{ rows: [...sales.options.map((o) => ({ id: `option:${o.id}`, title: o.title })), { id: "menu:main", title: "Menu inicial" }] }],
        },
      },
    });

    await bot.customerTaps(`option:${sales.options[2]!.id}`);
    expect((await botSaid(bot.companyId)).at(-1)).toMatchObject({ kind: "option", body: "Prazos: detalhes." });
    expect(await ticketOf(bot.companyId)).toMatchObject({ queueOptionId: sales.options[2]!.id, chatbot: false });
    await bot.customerTaps("menu:main");
    expect((await botSaid(bot.companyId)).at(-1)).toMatchObject({ kind: "queuesMenu", interactive: { type: "button" } });
    expect(await ticketOf(bot.companyId)).toMatchObject({ queueId: null });
  });

  it("still takes a typed number, and a tap on a row of an older menu is an invalid option", async () => {
    const bot = await cloudBot([{ name: "Vendas", options: ["Planos", "Preços"] }, { name: "Outros" }]);
    await bot.customerWrites("oi");
    await bot.customerWrites("1");
    await bot.customerWrites("2");
    expect((await botSaid(bot.companyId)).at(-1)).toMatchObject({ kind: "option", body: "Preços: detalhes." });

    const other = await cloudBot([{ name: "Vendas", options: ["Planos", "Preços"] }, { name: "Outros" }]);
    await other.customerWrites("oi");
    await other.customerWrites("1");
    // The queues menu's button, tapped again from the chat's history while the options are shown.
    await ingest(
      (await fakes.graph.customerWrites(other.number.phoneNumberId, other.customer, { type: "interactive", interactive: { type: "button_reply", button_reply: { id: `queue:${other.queues[1]!.queue.id}`, title: "Outros" } } })).hook,
    );
    await fakes.outbound.deliver();
    const said = await botSaid(other.companyId);
    expect(said.at(-1)).toMatchObject({ kind: "invalidOption", body: expect.stringContaining("Opção inválida"), interactive: { type: "button" } });
    expect(await ticketOf(other.companyId)).toMatchObject({ queueId: other.queues[0]!.queue.id, chatbot: true });
  });

  it("falls back to the text menu past ten entries or with a title too long, and Meta takes it as text", async () => {
    const many = await cloudBot([{ name: "Vendas", options: Array.from({ length: 11 }, (_, i) => `Produto ${i + 1}`) }]);
    await many.customerWrites("oi");
    expect((await botSaid(many.companyId)).at(-1)).toMatchObject({ kind: "optionsMenu", interactive: undefined, body: expect.stringContaining("*[ 11 ]* - Produto 11") });
    expect(lastSend()).toMatchObject({ type: "text", text: { body: expect.stringContaining("*[ 11 ]* - Produto 11") } });

    const long = await cloudBot([{ name: "Vendas" }, { name: "Atendimento ao cliente corporativo" }]);
    await long.customerWrites("oi");
    expect((await botSaid(long.companyId)).at(-1)).toMatchObject({ kind: "queuesMenu", interactive: undefined });
    expect(lastSend()).toMatchObject({ type: "text" });
  });

  it("leaves WhatsApp Web connections' menus as text", async () => {
    const team = await companyWithTeam();
    const connection = await createConnection(team.company.id, { greetingMessage: "Olá!" });
    await offerQueues(team.company.id, connection.id, [{ name: "Vendas" }, { name: "Suporte" }]);
    fakes.outbound.restore();
    await deliverBridge(inbound(connection.id, "5511912349999", "oi"));
    const [menu] = await botSaid(team.company.id);
    expect(menu).toMatchObject({ kind: "queuesMenu", interactive: undefined, body: "Olá!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte" });
  });
});

describe("the fake Graph API's interactive messages", () => {
  async function send(interactive: Record<string, unknown>) {
    const team = await companyWithTeam();
    const { number } = await connectedNumber(team);
    const res = await fakes.graph.handle(
      new Request(`${GRAPH}/v23.0/${number.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${number.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", to: "5511987654321", type: "interactive", interactive }),
      }),
    );
    return { status: res.status, code: ((await res.json()) as { error?: { code: number } }).error?.code };
  }
  const button = (id: string, title: string) => ({ type: "reply", reply: { id, title } });
  const row = (id: string, title: string, description?: string) => ({ id, title, ...(description ? { description } : {}) });

  it("refuses what Meta refuses: a fourth button, a title too long, an eleventh row, no body", async () => {
    expect(await send({ type: "button", body: { text: "Oi" }, action: { buttons: [button("a", "A"), button("b", "B")] } })).toMatchObject({ status: 200 });
    expect(await send({ type: "button", body: { text: "Oi" }, action: { buttons: ["a", "b", "c", "d"].map((x) => button(x, x)) } })).toEqual({ status: 400, code: 131009 });
    expect(await send({ type: "button", body: { text: "Oi" }, action: { buttons: [button("a", "x".repeat(21))] } })).toEqual({ status: 400, code: 131009 });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row(`r${i}`, `Linha ${i}`));
    expect(await send({ type: "list", body: { text: "Oi" }, action: { button: "Opções", sections: [{ rows: rows(10) }] } })).toMatchObject({ status: 200 });
    expect(await send({ type: "list", body: { text: "Oi" }, action: { button: "Opções", sections: [{ rows: rows(11) }] } })).toEqual({ status: 400, code: 131009 });
    expect(await send({ type: "list", body: { text: "Oi" }, action: { button: "Opções", sections: [{ rows: [row("a", "x".repeat(25))] }] } })).toEqual({ status: 400, code: 131009 });
    expect(await send({ type: "list", body: { text: "Oi" }, action: { button: "Opções", sections: [{ rows: [row("a", "A", "d".repeat(73))] }] } })).toEqual({ status: 400, code: 131009 });
    expect(await send({ type: "list", body: { text: "Oi" }, action: { button: "x".repeat(21), sections: [{ rows: rows(2) }] } })).toEqual({ status: 400, code: 131009 });
    expect(await send({ type: "list", action: { button: "Opções", sections: [{ rows: rows(2) }] } })).toEqual({ status: 400, code: 100 });
  });
});
