import { z } from "zod";

/** What a device shows: no more than needed. `url` is a path of the app; `tag` collapses a ticket's notifications. */
export const pushNotification = z.object({
  kind: z.enum(["ticket", "message", "transfer", "mention", "sla", "test"]),
  title: z.string().max(120),
  body: z.string().max(240),
  url: z.string().startsWith("/").max(200),
  tag: z.string().max(64),
});
export type PushNotification = z.infer<typeof pushNotification>;

/** A push to one user's devices (PUSH queue); `subscriptionIds` narrows a retry to the devices that failed. */
export const pushJob = z.object({
  kind: z.literal("push"),
  companyId: z.number(),
  userId: z.number(),
  notification: pushNotification,
  subscriptionIds: z.array(z.number()).max(100).optional(),
});
export type PushJob = z.infer<typeof pushJob>;
