import { contacts, messages, tickets, whatsapps } from "../db/schema";
import { db } from "./fixtures";

let seq = 0;

export async function createContact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  seq++;
  return db
    .insert(contacts)
    .values({ companyId, name: `Contato ${seq}`, number: `5511${String(900000000 + seq * 7919).slice(0, 9)}`, ...overrides })
    .returning()
    .get();
}

export async function createConnection(companyId: number, overrides: Partial<typeof whatsapps.$inferInsert> = {}) {
  seq++;
  return db
    .insert(whatsapps)
    .values({ companyId, name: `Conexão ${seq}`, status: "CONNECTED", isDefault: true, provider: "simulator", ...overrides })
    .returning()
    .get();
}

export async function createTicketRow(
  companyId: number,
  values: Pick<typeof tickets.$inferInsert, "contactId"> & Partial<typeof tickets.$inferInsert>,
) {
  return db.insert(tickets).values({ companyId, status: "pending", ...values }).returning().get();
}

export async function createMessageRow(
  companyId: number,
  values: Pick<typeof messages.$inferInsert, "ticketId"> & Partial<typeof messages.$inferInsert>,
) {
  seq++;
  return db
    .insert(messages)
    .values({ companyId, wid: `TEST${Date.now()}${seq}`, body: "olá", ...values })
    .returning()
    .get();
}

/** A company with a team, a default connection, two queues (the agent is in the first) and a contact. */
export async function inboxCompany() {
  const { companyWithTeam, createQueue } = await import("./fixtures");
  const team = await companyWithTeam();
  const connection = await createConnection(team.company.id);
  const sales = await createQueue(team.company.id, { name: "Vendas" });
  const support = await createQueue(team.company.id, { name: "Suporte" });
  const { userQueues } = await import("../db/schema");
  await db.insert(userQueues).values([
    { userId: team.agent.id, queueId: sales.id },
    { userId: team.supervisor.id, queueId: sales.id },
  ]);
  const contact = await createContact(team.company.id);
  // Queue membership changed after login: the token is re-read on every request, so no new login is needed.
  return { ...team, connection, sales, support, contact };
}
