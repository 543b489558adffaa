import { connectionRoutes } from "../db/control";
import { contacts, messages, tickets, whatsapps } from "../db/tenant";
import { control, inTenant } from "./fixtures";

let seq = 0;

export async function createContact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  const n = ++seq;
  return inTenant(companyId, (db) =>
    db
      .insert(contacts)
      .values({ companyId, name: `Contato ${n}`, number: `5511${String(900000000 + n * 7919).slice(0, 9)}`, ...overrides })
      .returning()
      .get(),
  );
}

export async function createConnection(companyId: number, overrides: Partial<typeof whatsapps.$inferInsert> = {}) {
  const n = ++seq;
  const connection = await inTenant(companyId, (db) =>
    db
      .insert(whatsapps)
      .values({ companyId, name: `Conexão ${n}`, status: "CONNECTED", isDefault: true, provider: "simulator", ...overrides })
      .returning()
      .get(),
  );
  // The control database's index, as the connection verbs keep it (the bridge and the external API route by it).
  const { id: whatsappId, name, status, tokenHash } = connection;
  await control.insert(connectionRoutes).values({ whatsappId, companyId, name, status, tokenHash });
  return connection;
}

export async function createTicketRow(
  companyId: number,
  values: Pick<typeof tickets.$inferInsert, "contactId"> & Partial<typeof tickets.$inferInsert>,
) {
  return inTenant(companyId, (db) => db.insert(tickets).values({ companyId, status: "pending", ...values }).returning().get());
}

export async function createMessageRow(
  companyId: number,
  values: Pick<typeof messages.$inferInsert, "ticketId"> & Partial<typeof messages.$inferInsert>,
) {
  const wid = `TEST${Date.now()}${++seq}`;
  return inTenant(companyId, (db) => db.insert(messages).values({ companyId, wid, body: "olá", ...values }).returning().get());
}

/** A company with a team, a default connection, two queues (the agent is in the first) and a contact. */
export async function inboxCompany() {
  const { companyWithTeam, createQueue } = await import("./fixtures");
  const team = await companyWithTeam();
  const connection = await createConnection(team.company.id);
  const sales = await createQueue(team.company.id, { name: "Vendas" });
  const support = await createQueue(team.company.id, { name: "Suporte" });
  const { userQueues } = await import("../db/tenant");
  await inTenant(team.company.id, (db) =>
    db
      .insert(userQueues)
      .values([
        { userId: team.agent.id, queueId: sales.id },
        { userId: team.supervisor.id, queueId: sales.id },
      ])
      .run(),
  );
  const contact = await createContact(team.company.id);
  // Queue membership changed after login: the token is re-read on every request, so no new login is needed.
  return { ...team, connection, sales, support, contact };
}
