import { describe, expect, it } from "vitest";
import { call, companyWithTeam, createQueue } from "../../testing/fixtures";
import { createContact, createTicketRow } from "../../testing/inbox";

/** São Paulo wall time (UTC-3) in March 2025. */
const sp = (day: number, hhmm: string) => new Date(`2025-03-${String(day).padStart(2, "0")}T${hhmm}:00-03:00`);
const RANGE = "date_from=2025-03-10&date_to=2025-03-12";

describe("GET /api/dashboard: service levels", () => {
  it("gives the share of tickets within each target settled in the period, in all, by queue and by agent, with the filters", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const q1 = await createQueue(a.company.id, { name: "Vendas" });
    const q2 = await createQueue(a.company.id, { name: "Suporte" });
    const contact = await createContact(a.company.id);
    const ticket = (values: Omit<Parameters<typeof createTicketRow>[1], "contactId">) => createTicketRow(a.company.id, { ...values, contactId: contact.id });
    // Answered in time, closed late.
    await ticket({ queueId: q1.id, userId: a.agent.id, status: "closed", firstResponseDueAt: sp(10, "10:30"), firstRespondedAt: sp(10, "10:20"), resolutionDueAt: sp(10, "14:00"), resolvedAt: sp(10, "15:00"), resolutionBreachedAt: sp(10, "14:01") });
    // Answered late (the breach was found first).
    await ticket({ queueId: q1.id, userId: a.supervisor.id, status: "open", firstResponseDueAt: sp(11, "10:30"), firstResponseBreachedAt: sp(11, "10:31"), firstRespondedAt: sp(11, "10:45") });
    // Not answered yet, breached in the period; its resolution target has not passed.
    await ticket({ queueId: q2.id, userId: a.agent.id, status: "open", firstResponseDueAt: sp(12, "11:00"), firstResponseBreachedAt: sp(12, "11:01"), resolutionDueAt: sp(13, "11:00") });
    // Answered before the period, and a ticket without targets: neither counts.
    await ticket({ queueId: q2.id, userId: a.agent.id, status: "open", firstResponseDueAt: sp(9, "11:00"), firstRespondedAt: sp(9, "10:00") });
    await ticket({ queueId: q2.id, userId: a.agent.id, status: "closed", firstRespondedAt: sp(10, "10:00"), resolvedAt: sp(10, "11:00") });
    // Another company's, in the period.
    await createTicketRow(b.company.id, { contactId: (await createContact(b.company.id)).id, firstResponseDueAt: sp(10, "10:30"), firstRespondedAt: sp(10, "10:00") });

    const res = await call("GET", `/api/dashboard?${RANGE}`, { token: a.admin.token });
    expect(res.status).toBe(200);
    const { firstResponse, resolution } = res.json.serviceLevels;
    expect(firstResponse).toMatchObject({ total: 3, within: 1, share: 1 / 3 });
    expect(firstResponse.byQueue).toEqual([
      { id: q2.id, name: "Suporte", color: q2.color, total: 1, within: 0, share: 0 },
      { id: q1.id, name: "Vendas", color: q1.color, total: 2, within: 1, share: 0.5 },
    ]);
    expect(firstResponse.byAgent).toEqual(
      expect.arrayContaining([
        { id: a.agent.id, name: a.agent.name, total: 2, within: 1, share: 0.5 },
        { id: a.supervisor.id, name: a.supervisor.name, total: 1, within: 0, share: 0 },
      ]),
    );
    expect(firstResponse.byAgent).toHaveLength(2);
    expect(resolution).toMatchObject({ total: 1, within: 0, share: 0, byQueue: [{ id: q1.id, total: 1, within: 0 }] });

    const inQ1 = (await call("GET", `/api/dashboard?${RANGE}&queueId=${q1.id}`, { token: a.admin.token })).json.serviceLevels;
    expect(inQ1.firstResponse).toMatchObject({ total: 2, within: 1, share: 0.5 });
    const ofAgent = (await call("GET", `/api/dashboard?${RANGE}&userId=${a.agent.id}`, { token: a.admin.token })).json.serviceLevels;
    expect(ofAgent.firstResponse).toMatchObject({ total: 2, within: 1 });
    const none = (await call("GET", `/api/dashboard?${RANGE}`, { token: b.admin.token })).json.serviceLevels;
    expect(none.firstResponse).toMatchObject({ total: 1, within: 1, share: 1 });
    expect((await call("GET", `/api/dashboard?${RANGE}`, { token: a.agent.token })).status).toBe(403);
  });
});
