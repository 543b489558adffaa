import { eq } from "drizzle-orm";
import { announcementDeliveries } from "../db/control";
import { control } from "./fixtures";

/**
 * Waits until an announcement's delivery (the FANOUT queue's work) is done, and answers its row. Read from the
 * control database, not through the API: the pool's loopback slows with every request it carries.
 */
export async function deliveryDone(announcementId: number, waitMs = 15_000) {
  let last: unknown;
  for (let i = 0; i < waitMs / 50; i++) {
    const row = await control.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, announcementId)).get();
    if (row?.status === "done") return row;
    last = row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`delivery never finished: ${JSON.stringify(last)}`);
}
