import { createExecutionContext, createMessageBatch, getQueueResult, runDurableObjectAlarm } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboundJob } from "../../contracts/outbound";
import { contactListChecks, contactListItems } from "../../db/tenant";
import { handleOutboundBatch, MAX_CHECK_ATTEMPTS } from "../../jobs/outbound";
import { useFakeHost, type HostCall } from "../../testing/fakeHost";
import { call, companyWithTeam, createPlan, hubOf, inHub, inTenant, testEnv } from "../../testing/fixtures";
import { CHECK_STALL_MS } from "./checkView";
import { resumeStalledChecks } from "./resumeStalledChecks";
import { createConnection } from "../../testing/inbox";

afterEach(() => vi.restoreAllMocks());

/** The session host's documented answer to check-numbers, by the simulator's rule: numbers ending 00000 are not on WhatsApp. */
const simulatorAnswers = (c: HostCall) => {
  if (c.path !== "/bridge/check-numbers") return { status: 404, body: { error: "ERR_NOT_FOUND" } };
  const { numbers } = c.body as { numbers: string[] };
  return { body: { results: numbers.map((number) => ({ number, exists: !number.endsWith("00000"), canonical: number })) } };
};

async function runJob(job: OutboundJob, attempts = 1) {
  const batch = createMessageBatch<OutboundJob>("zapdesk-outbound", [{ id: "m0", timestamp: new Date(), attempts, body: job }]);
  const ctx = createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
  return getQueueResult(batch, ctx);
}

const checkOf = (companyId: number, listId: number) =>
  inTenant(companyId, (db) => db.select().from(contactListChecks).where(eq(contactListChecks.contactListId, listId)).get());

/** Drives the check's job chain to its end (the queue's own consumer may run a batch meanwhile: the cursor decides). */
async function runToEnd(companyId: number, listId: number, attempts = 1) {
  for (let guard = 0; guard < 20; guard++) {
    const check = (await checkOf(companyId, listId))!;
    if (check.status !== "running") return check;
    await runJob({ kind: "contactListCheck", companyId, checkId: check.id, run: check.run, cursor: check.cursor }, attempts);
  }
  throw new Error("the check did not end");
}

/** A running check whose last move was `updatedAt` and whose job is gone (a deploy, a queue outage). */
async function lostCheck(companyId: number, contactListId: number, userId: number, whatsappId: number, updatedAt: Date) {
  return inTenant(companyId, (db) =>
    db
      .insert(contactListChecks)
      .values({ companyId, contactListId, whatsappId, userId, status: "running", run: 1, cursor: 0, total: 2, startedAt: updatedAt, updatedAt })
      .returning()
      .get(),
  );
}

/** The hub's stall watch, with the jobs it hands to the OUTBOUND queue recorded instead of sent. */
async function resumeWithQueueRecorded(companyId: number) {
  const jobs: OutboundJob[] = [];
  const queue = { sendBatch: async (batch: Iterable<{ body: OutboundJob }>) => void jobs.push(...[...batch].map((j) => j.body)) } as unknown as typeof testEnv.OUTBOUND;
  const resumed = await inHub(companyId, (hub) => resumeStalledChecks({ ctx: { ...hub.systemCtx(companyId), env: { ...testEnv, OUTBOUND: queue } }, input: { now: Date.now() } }));
  return { resumed, jobs };
}

async function listOf(numbers: string[]) {
  const team = await companyWithTeam();
  const connection = await createConnection(team.company.id);
  const list = (await call("POST", "/api/contact-lists", { token: team.admin.token, body: { name: "Clientes" } })).json;
  await call("POST", `/api/contact-lists/${list.id}/import`, { token: team.admin.token, body: { rows: numbers.map((number, i) => ({ name: `Pessoa ${i + 1}`, number })) } });
  return { ...team, connection, list };
}

describe("POST /api/contact-lists/:id/whatsapp-check", () => {
  it("checks every number in batches through the session host, records valid and invalid per item, and filters by the result", async () => {
    const numbers = Array.from({ length: 60 }, (_, i) => (i % 20 === 0 ? `55119${100 + i}00000` : `55119${String(10_000_000 + i)}`));
    const { company, admin, list, connection } = await listOf(numbers);
    const host = useFakeHost(simulatorAnswers);
    const started = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    expect(started.status).toBe(202);
    expect(started.json.check).toMatchObject({ status: "running", total: 60, checked: 0, whatsappId: connection.id });
    const done = await runToEnd(company.id, list.id);
    expect(done).toMatchObject({ status: "done", total: 60, checked: 60, valid: 57, invalid: 3, unknown: 0 });
    // 60 numbers in batches of at most 50.
    const asked = host.calls.filter((c) => c.path === "/bridge/check-numbers").map((c) => (c.body as { numbers: string[] }).numbers);
    expect(new Set(asked.flat()).size).toBe(60);
    expect(asked.every((n) => n.length <= 50)).toBe(true);
    const invalid = await call("GET", `/api/contact-list-items?contactListId=${list.id}&whatsappCheck=invalid`, { token: admin.token });
    expect(invalid.json.contacts.map((c: { number: string; whatsappCheck: string; isWhatsappValid: boolean }) => [c.number.slice(-5), c.whatsappCheck, c.isWhatsappValid])).toEqual([
      ["00000", "invalid", false],
      ["00000", "invalid", false],
      ["00000", "invalid", false],
    ]);
    expect((await call("GET", `/api/contact-list-items?contactListId=${list.id}&whatsappCheck=valid`, { token: admin.token })).json.count).toBe(57);
    expect((await call("GET", `/api/contact-list-items?contactListId=${list.id}&whatsappCheck=unchecked`, { token: admin.token })).json.count).toBe(0);
    expect((await call("GET", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token })).json.check).toMatchObject({ status: "done", checked: 60 });
  });

  it("refuses a second start while the check runs, and a redelivered batch neither counts twice nor moves the cursor again", async () => {
    const { company, admin, list } = await listOf(["5511987654321", "5511987600000"]);
    useFakeHost(simulatorAnswers);
    await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    const again = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_CONTACT_LIST_CHECK_RUNNING");
    const check = (await checkOf(company.id, list.id))!;
    const job = { kind: "contactListCheck" as const, companyId: company.id, checkId: check.id, run: check.run, cursor: 0 };
    await runJob(job);
    await runJob(job);
    expect(await checkOf(company.id, list.id)).toMatchObject({ status: "done", checked: 2, valid: 1, invalid: 1 });
  });

  it("stops when the connection is down after the retries, and resumes from where it stopped", async () => {
    const { company, admin, list } = await listOf(["5511987654321", "5511912345678"]);
    const down = useFakeHost(() => ({ status: 409, body: { error: "ERR_WAPP_NOT_INITIALIZED", message: "not connected" } }));
    await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    const check = (await checkOf(company.id, list.id))!;
    const job = { kind: "contactListCheck" as const, companyId: company.id, checkId: check.id, run: check.run, cursor: 0 };
    expect((await runJob(job)).retryMessages).toHaveLength(1);
    await runJob(job, MAX_CHECK_ATTEMPTS);
    expect(await checkOf(company.id, list.id)).toMatchObject({ status: "failed", error: "ERR_WAPP_NOT_INITIALIZED", checked: 0 });
    down.restore();
    useFakeHost(simulatorAnswers);
    const resumed = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    expect(resumed.json.check).toMatchObject({ status: "running", checked: 0, error: null });
    expect(await runToEnd(company.id, list.id)).toMatchObject({ status: "done", checked: 2, valid: 2 });
  });

  it("queues the batch again of a check whose job chain was lost, once per stall, and the check then ends", async () => {
    const { company, admin, list, connection } = await listOf(["5511987654321", "5511987600000"]);
    const stalledAt = new Date(Date.now() - CHECK_STALL_MS - 1000);
    const check = await lostCheck(company.id, list.id, admin.id, connection.id, stalledAt);
    const other = (await call("POST", "/api/contact-lists", { token: admin.token, body: { name: "Outra" } })).json;
    const stillMoving = await lostCheck(company.id, other.id, admin.id, connection.id, new Date());

    const first = await resumeWithQueueRecorded(company.id);
    const again = await resumeWithQueueRecorded(company.id);

    expect(first).toEqual({ resumed: 1, jobs: [{ kind: "contactListCheck", companyId: company.id, checkId: check.id, run: check.run, cursor: 0 }] });
    expect(again).toEqual({ resumed: 0, jobs: [] });
    expect((await checkOf(company.id, list.id))!.updatedAt.getTime()).toBeGreaterThan(stalledAt.getTime());
    expect((await inTenant(company.id, (db) => db.select().from(contactListChecks).where(eq(contactListChecks.id, stillMoving.id)).get()))!.updatedAt).toEqual(stillMoving.updatedAt);
    useFakeHost(simulatorAnswers);
    await runJob(first.jobs[0]!);
    await runJob(first.jobs[0]!); // the old chain's job, only slow, arrives after: it finds its batch recorded
    expect(await checkOf(company.id, list.id)).toMatchObject({ status: "done", checked: 2, valid: 1, invalid: 1 });
  });

  it("stops a stalled check whose connection was deleted, as failed, instead of queueing it again", async () => {
    const { company, admin, list, connection } = await listOf(["5511987654321"]);
    await lostCheck(company.id, list.id, admin.id, connection.id, new Date(Date.now() - CHECK_STALL_MS - 1000));
    await inTenant(company.id, (db) => db.update(contactListChecks).set({ whatsappId: null }).where(eq(contactListChecks.contactListId, list.id)).run());
    expect(await resumeWithQueueRecorded(company.id)).toEqual({ resumed: 0, jobs: [] });
    expect(await checkOf(company.id, list.id)).toMatchObject({ status: "failed", error: "ERR_NO_WAPP_FOUND" });
  });

  it("is watched by the hub's alarm, which resumes it when it stalls", async () => {
    const { company, admin, list, connection } = await listOf(["5511987654321"]);
    useFakeHost(simulatorAnswers);
    await lostCheck(company.id, list.id, admin.id, connection.id, new Date(Date.now() - CHECK_STALL_MS - 1000));
    await hubOf(company.id).workChanged(company.id);
    await runDurableObjectAlarm(hubOf(company.id));
    // The queue's own consumer runs the job the alarm queued.
    await expect.poll(async () => (await checkOf(company.id, list.id))!.status, { timeout: 10_000 }).toBe("done");
    expect(await checkOf(company.id, list.id)).toMatchObject({ checked: 1, valid: 1 });
  });

  it("records a batch as unknown when the host keeps failing it, and starts over once done", async () => {
    const { company, admin, list } = await listOf(["5511987654321"]);
    useFakeHost(() => ({ status: 502, body: { error: "ERR_WAPP_CHECK_CONTACT", message: "boom" } }));
    await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    expect(await runToEnd(company.id, list.id, MAX_CHECK_ATTEMPTS)).toMatchObject({ status: "done", unknown: 1 });
    const items = await inTenant(company.id, (db) => db.select().from(contactListItems).where(and(eq(contactListItems.contactListId, list.id))).all());
    expect(items.map((i) => i.whatsappCheck)).toEqual(["unknown"]);
    vi.restoreAllMocks();
    useFakeHost(simulatorAnswers);
    const again = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: {} });
    expect(again.json.check).toMatchObject({ status: "running", checked: 0, total: 1 });
    expect(await runToEnd(company.id, list.id)).toMatchObject({ status: "done", valid: 1, run: 2 });
  });

  it("validates the connection, hides another company's list (404), is for admins (403) and needs the plan's campaigns (403)", async () => {
    const { company, admin, agent, supervisor, list } = await listOf(["5511987654321"]);
    const bad = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: { whatsappId: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("whatsappId");
    const b = await companyWithTeam();
    const theirs = await createConnection(b.company.id);
    expect((await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: admin.token, body: { whatsappId: theirs.id } })).status).toBe(404);
    expect((await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: b.admin.token, body: {} })).status).toBe(404);
    expect((await call("GET", `/api/contact-lists/${list.id}/whatsapp-check`, { token: b.admin.token })).status).toBe(404);
    for (const token of [agent.token, supervisor.token]) {
      expect((await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token, body: {} })).status).toBe(403);
      expect((await call("GET", `/api/contact-lists/${list.id}/whatsapp-check`, { token })).status).toBe(403);
    }
    const plan = await createPlan({ useCampaigns: false });
    const off = await companyWithTeam({ planId: plan.id });
    const refused = await call("POST", `/api/contact-lists/${list.id}/whatsapp-check`, { token: off.admin.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(await checkOf(company.id, list.id)).toBeUndefined();
  });
});
