import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FANOUT_BATCH_SIZE } from "../contracts/announcements";
import { announcementDeliveries } from "../db/control";
import { call, control, createCompany, platformAdmin, testEnv } from "../testing/fixtures";
import { deliverAnnouncementBatch } from "./fanout";
import { deliveryDone } from "../testing/announcements";

describe("the FANOUT queue", () => {
  it(`delivers an announcement to many companies ${FANOUT_BATCH_SIZE} at a time, each job enqueuing the next; a redelivered job counts nothing twice`, async () => {
    const { user } = await platformAdmin();
    const many: number[] = [];
    for (let i = 0; i < FANOUT_BATCH_SIZE + 5; i++) many.push((await createCompany()).id);
    const res = await call("POST", "/api/announcements", { token: user.token, body: { title: "Para muitas", text: "Olá", companyIds: many } });
    expect(res.json.delivery).toMatchObject({ total: many.length, status: "running" });
    // Each company's hub is woken (and, in a fresh test database, created) by its publish.
    const row = await deliveryDone(res.json.id, 60_000);
    expect(row).toMatchObject({ total: many.length, delivered: many.length, cursor: Math.max(...many) });
    await deliverAnnouncementBatch(testEnv, control, { kind: "announcement", announcementId: res.json.id, run: row.run, afterCompanyId: 0 });
    const again = await control.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, res.json.id)).get();
    expect(again).toMatchObject({ delivered: many.length, cursor: row.cursor });
  }, 90_000);
});
