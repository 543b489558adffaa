import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets } from "../../db/schema";
import { SerialQueue } from "../../hub/serialQueue";
import { companyWithTeam, db, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { systemCtx } from "../context";
import { automateTickets, MAX_SLICES_PER_RUN, SLICE_SIZE } from "./automateTickets";

const HOUR = 60 * 60 * 1000;

async function idleTickets(companyId: number, whatsappId: number, n: number, now: number) {
  const contacts = [];
  for (let i = 0; i < n; i++) contacts.push(await createContact(companyId));
  return Promise.all(contacts.map((c) => createTicketRow(companyId, { contactId: c.id, whatsappId, status: "pending", updatedAt: new Date(now - 2 * HOUR) })));
}

const closedCount = async (companyId: number) =>
  (await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.status, "closed")))).length;

describe("automateTickets", () => {
  it("gives a command that arrives during a slice its turn right after that slice, not after the whole run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    const now = Date.now();
    await idleTickets(company.id, conn.id, 2 * SLICE_SIZE + 3, now);
    const queue = new SerialQueue();
    const order: string[] = [];
    let marker: Promise<void> | null = null;

    const done = await automateTickets({
      ctx: systemCtx({ db, env: testEnv, companyId: company.id, waitUntil: () => {} }),
      input: { now },
      serially: (task) =>
        queue.run(async () => {
          // An agent's command arriving while the first slice runs.
          marker ??= queue.run(async () => {
            order.push(`command (${await closedCount(company.id)} closed)`);
          });
          const result = await task();
          order.push("slice");
          return result;
        }),
    });
    await marker;

    expect(done).toEqual({ closed: 2 * SLICE_SIZE + 3, transferred: 0 });
    expect(order).toEqual(["slice", `command (${SLICE_SIZE} closed)`, "slice", "slice"]);
  });

  it("stops after MAX_SLICES_PER_RUN slices and leaves the rest of a backlog to the next run", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { expiresTicket: 1 });
    const now = Date.now();
    const perRun = MAX_SLICES_PER_RUN * SLICE_SIZE;
    await idleTickets(company.id, conn.id, perRun + 3, now);
    const queue = new SerialQueue();
    const run = () =>
      automateTickets({ ctx: systemCtx({ db, env: testEnv, companyId: company.id, waitUntil: () => {} }), input: { now }, serially: (task) => queue.run(task) });

    expect(await run()).toEqual({ closed: perRun, transferred: 0 });
    expect(await closedCount(company.id)).toBe(perRun);
    expect(await run()).toEqual({ closed: 3, transferred: 0 });
    expect(await closedCount(company.id)).toBe(perRun + 3);
  });
});
