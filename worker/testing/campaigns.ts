import { createMessageBatch, createExecutionContext } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import type { OutboundJob } from "../contracts/outbound";
import { campaignShipping, companies, contactListItems, contactLists } from "../db/tenant";
import { dispatchCampaigns } from "../domain/campaigns/dispatchCampaigns";
import { handleOutboundBatch } from "../jobs/outbound";
import { SerialQueue } from "../lib/serialQueue";
import { call, inHub, inTenant, testEnv } from "./fixtures";

let seq = 0;

/** A contact list with `n` recipients (numbers unique to this run). */
export async function createRecipientList(companyId: number, n: number, name = "Clientes") {
  const list = await inTenant(companyId, (db) => db.insert(contactLists).values({ companyId, name }).returning().get());
  const base = 5511_9000_00000 + (++seq % 900) * 1000 + Math.floor(Math.random() * 900) * 1_000_000;
  const items = Array.from({ length: n }, (_, i) => ({ companyId, contactListId: list.id, name: `Cliente ${i + 1}`, number: String(base + i), email: `c${i + 1}@example.com` }));
  for (let i = 0; i < items.length; i += 10) await inTenant(companyId, (db) => db.insert(contactListItems).values(items.slice(i, i + 10)).run());
  return { list, numbers: items.map((i) => i.number) };
}

/** Every day, all day, no cap, in UTC: tests that are not about the window. */
export async function openAllDay(token: string, pacing: Record<string, number> = {}) {
  const res = await call("POST", "/api/campaign-settings", {
    token,
    body: { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 30, windowStart: "00:00", windowEnd: "23:59", days: [0, 1, 2, 3, 4, 5, 6], dailyCap: 0, ...pacing },
  });
  if (res.status !== 200) throw new Error(`settings refused: ${res.status} ${JSON.stringify(res.json)}`);
}

export async function setTimeZone(companyId: number, timezone: string) {
  await inTenant(companyId, (db) => db.update(companies).set({ timezone }).where(eq(companies.id, companyId)).run());
}

/** The hub's campaign work at `now`, with the delivery queue recorded (its jobs come back to be delivered). */
export async function runCampaigns(companyId: number, now: number) {
  const jobs: OutboundJob[] = [];
  const queue = {
    send: async (job: OutboundJob) => void jobs.push(job),
    sendBatch: async (batch: Iterable<{ body: OutboundJob }>) => void jobs.push(...[...batch].map((j) => j.body)),
  } as unknown as typeof testEnv.OUTBOUND;
  const serial = new SerialQueue();
  const done = await inHub(companyId, (hub) =>
    dispatchCampaigns({ ctx: { ...hub.systemCtx(companyId), env: { ...testEnv, OUTBOUND: queue } }, input: { now }, serially: (task) => serial.run(task) }),
  );
  return { ...done, jobs };
}

/** The OUTBOUND consumer on those jobs (against whatever session host the test stands in). */
export async function deliverJobs(jobs: OutboundJob[], attempts = 1) {
  if (jobs.length === 0) return;
  const batch = createMessageBatch<OutboundJob>(
    "zapdesk-outbound",
    jobs.map((body, i) => ({ id: `c${i}`, timestamp: new Date(), attempts, body })),
  );
  createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
}

export const shippingsOf = (companyId: number, campaignId: number) =>
  inTenant(companyId, (db) => db.select().from(campaignShipping).where(eq(campaignShipping.campaignId, campaignId)).orderBy(asc(campaignShipping.id)).all());

/** A file list of the company's with `files` uploaded in order (through the API), as a campaign's attachment. */
export async function createFileList(token: string, files: { fileName: string; type: string; content: string; description?: string }[]) {
  const created = await call("POST", "/api/files", { token, body: { name: `Materiais ${++seq}`, message: "Materiais da campanha" } });
  if (created.status !== 200 && created.status !== 201) throw new Error(`file list refused: ${created.status} ${JSON.stringify(created.json)}`);
  const form = new FormData();
  for (const f of files) {
    form.append("files", new File([f.content], f.fileName, { type: f.type }));
    form.append("name", f.fileName);
    form.append("description", f.description ?? "");
  }
  const uploaded = await call("POST", `/api/files/uploadList/${created.json.id}`, { token, rawBody: form });
  if (uploaded.status !== 200) throw new Error(`files refused: ${uploaded.status} ${JSON.stringify(uploaded.json)}`);
  return created.json as { id: number; name: string };
}
