import type { AnyCtx } from "../context";
import type { Delivery } from "../../contracts/ws";
import { companySettings } from "../settings/catalogue";
import { companySettingValues, isEnabled } from "../settings/companySettingValues";
import type { PresentedTicket } from "./presentTicket";
import type { TicketScope, VisibilitySettings } from "./visibility";

export function scopeOf(t: { status: TicketScope["status"]; userId: number | null; queueId: number | null; isGroup: boolean }): TicketScope {
  return { status: t.status, userId: t.userId, queueId: t.queueId, isGroup: t.isGroup };
}

export async function visibilitySettings(
  ctx: Pick<AnyCtx, "db" | "companyId"> & { user?: { companySettings: Record<string, string> } | null; companySettings?: Record<string, string> },
): Promise<VisibilitySettings> {
  // Read with the session on every request (or with the system's batch); the database only for contexts without one.
  const saved = ctx.user?.companySettings ?? ctx.companySettings;
  const values = saved
    ? { viewgroups: saved.viewgroups ?? companySettings.viewgroups.default, viewclosed: saved.viewclosed ?? companySettings.viewclosed.default }
    : await companySettingValues(ctx.db, ctx.companyId, ["viewgroups", "viewclosed"]);
  return { viewgroups: isEnabled(values.viewgroups), viewclosed: isEnabled(values.viewclosed) };
}

/** The ticket's update, for everyone who could see it before (`before`) or can now. */
export function ticketUpdateDelivery(before: TicketScope | null, ticket: PresentedTicket, settings: VisibilitySettings): Delivery {
  return { audience: { kind: "ticket", before, after: scopeOf(ticket), settings }, event: { type: "ticket", action: "update", ticket } };
}
