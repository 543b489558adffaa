import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { users } from "./users";

/**
 * Web Push subscriptions (issue 29): one per device a user turned notifications on for. The endpoint is the push
 * service's URL for that device (unique: a device re-subscribing replaces its row); p256dh and auth are the keys the
 * payload is encrypted to. Removed when the user turns them off or the push service answers 404/410.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    companyId: companyId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The device as the user sees it in the list ("Chrome no Android"), from the browser. */
    deviceLabel: text("device_label"),
    createdAt: createdAt(),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_company_user_idx").on(t.companyId, t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A user's push settings: quiet hours as minutes of the day in the company's time zone (from > to spans midnight);
 * no row, or nulls, is no quiet hours.
 */
export const pushPreferences = sqliteTable("push_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyId: companyId(),
  quietFrom: integer("quiet_from"),
  quietTo: integer("quiet_to"),
});
