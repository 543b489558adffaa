import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tickets } from "../../../db/tenant";
import { SILENCES_DUE_KEY } from "../../../hub/dueWork";
import { addRule, runsOf, settled } from "../../../testing/automationRules";
import { hubInstanceOf, inHub, inTenant } from "../../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../../testing/inbox";
import { planOf } from "../../../testing/queryPlan";
import { rulesChanged } from "./rulesChanged";
import { silencesQuery } from "./silentTickets";

const MINUTE = 60_000;

/** The hub's alarm, with the timed rules' minute due now (armed as the rules' verbs arm it: rulesChanged). */
async function aMinuteLater(companyId: number) {
  await runInDurableObject(hubInstanceOf(companyId), (_hub, state) => state.storage.put(SILENCES_DUE_KEY, 0));
  await inHub(companyId, (hub) => rulesChanged(hub.systemCtx(companyId)));
  await runDurableObjectAlarm(hubInstanceOf(companyId));
  await settled(companyId);
}

async function conversation(team: Awaited<ReturnType<typeof inboxCompany>>, status: "open" | "pending", said: { fromMe: boolean; sentByBot?: boolean; minutesAgo: number }[]) {
  const company = team.company.id;
  const contact = await createContact(company);
  const ticket = await createTicketRow(company, { contactId: contact.id, whatsappId: team.connection.id, status, userId: status === "open" ? team.agent.id : null });
  const rows = [];
  for (const m of said) {
    rows.push(await createMessageRow(company, { ticketId: ticket.id, contactId: contact.id, fromMe: m.fromMe, sentByBot: m.sentByBot ?? false, createdAt: new Date(Date.now() - m.minutesAgo * MINUTE) }));
  }
  return { ticket, messages: rows };
}

describe("timed automation rules", () => {
  it("agentSilent fires once per silence: the contact wrote last and no agent answered for N minutes", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "agentSilent", minutes: 10, actions: [{ type: "setPriority", priority: "urgent" }] });
    const waiting = await conversation(team, "pending", [{ fromMe: false, minutesAgo: 15 }, { fromMe: true, sentByBot: true, minutesAgo: 14 }]);
    const answered = await conversation(team, "open", [{ fromMe: false, minutesAgo: 15 }, { fromMe: true, minutesAgo: 12 }]);
    const recent = await conversation(team, "open", [{ fromMe: false, minutesAgo: 5 }]);

    await aMinuteLater(company);
    await aMinuteLater(company);

    const runs = await runsOf(company, rule.id);
    expect(runs).toMatchObject([{ ticketId: waiting.ticket.id, trigger: "agentSilent", triggerKey: String(waiting.messages[0]!.id), outcome: "acted" }]);
    const priorities = await inTenant(company, (db) => db.select({ id: tickets.id, priority: tickets.priority }).from(tickets).where(eq(tickets.companyId, company)).all());
    expect(Object.fromEntries(priorities.map((t) => [t.id, t.priority]))).toMatchObject({ [waiting.ticket.id]: "urgent", [answered.ticket.id]: "normal", [recent.ticket.id]: "normal" });

    // The contact writes again and waits: a new silence, so the rule fires again.
    const again = await createMessageRow(company, { ticketId: waiting.ticket.id, contactId: waiting.ticket.contactId, fromMe: false, createdAt: new Date(Date.now() - 11 * MINUTE) });
    await runInDurableObject(hubInstanceOf(company), (_hub, state) => state.storage.delete(`silenceMark:${rule.id}`));
    await aMinuteLater(company);
    expect((await runsOf(company, rule.id)).map((r) => r.triggerKey)).toEqual([String(waiting.messages[0]!.id), String(again.id)]);
  });

  it("contactSilent fires once when we wrote last on an open ticket and the contact has not answered for N minutes", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "contactSilent", minutes: 30, actions: [{ type: "close" }] });
    const silent = await conversation(team, "open", [{ fromMe: false, minutesAgo: 50 }, { fromMe: true, minutesAgo: 40 }]);
    const answeredBack = await conversation(team, "open", [{ fromMe: true, minutesAgo: 40 }, { fromMe: false, minutesAgo: 35 }]);
    const pending = await conversation(team, "pending", [{ fromMe: true, minutesAgo: 40 }]);

    await aMinuteLater(company);
    await aMinuteLater(company);

    expect(await runsOf(company, rule.id)).toMatchObject([{ ticketId: silent.ticket.id, triggerKey: String(silent.messages[1]!.id), outcome: "acted" }]);
    const statuses = await inTenant(company, (db) => db.select({ id: tickets.id, status: tickets.status }).from(tickets).where(eq(tickets.companyId, company)).all());
    expect(Object.fromEntries(statuses.map((t) => [t.id, t.status]))).toMatchObject({ [silent.ticket.id]: "closed", [answeredBack.ticket.id]: "open", [pending.ticket.id]: "pending" });
  });

  it("finds silences by index: the company's messages by time, probed by ticket and by the rule's key", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    await inTenant(company, async (db) => {
      for (const trigger of ["agentSilent", "contactSilent"] as const) {
        const plan = await planOf(db, silencesQuery(db, company, { id: 1, trigger }, new Date(0), new Date(), 20).toSQL());
        expect(plan).toMatch(/SEARCH messages USING INDEX messages_company_created_idx \(company_id=\? AND created_at>\? AND created_at<\?\)/);
        expect(plan).toMatch(/SEARCH tickets USING INTEGER PRIMARY KEY/);
        expect(plan).toMatch(/SEARCH later USING (COVERING )?INDEX messages_ticket_created_idx \(ticket_id=\?/);
        expect(plan).toMatch(/SEARCH automation_runs USING (COVERING )?INDEX automation_runs_rule_key_idx \(rule_id=\? AND trigger_key=\?\)/);
        expect(plan).not.toMatch(/SCAN/);
      }
    });
  });
});
