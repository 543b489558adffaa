import { z } from "zod";
import { INVALID_TIME, REQUIRED, tooLongAt } from "./fieldMessages";

/**
 * Web Push (issue 29): a device's subscription as the browser's PushSubscription.toJSON() gives it, the user's quiet
 * hours, and the jobs of the PUSH queue. Payloads carry only a title, a short body, the page to open and a tag.
 */
const base64url = (bytes: number) =>
  z
    .string({ error: REQUIRED })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Must be base64url")
    .transform((s) => s.replace(/=+$/, ""))
    .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `Must be ${bytes} bytes`);

export const pushSubscriptionInput = z.object({
  endpoint: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2048, tooLongAt(2048)).url("Must be a URL"),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, { error: REQUIRED }),
  /** The device as the list shows it (the browser and system, from the page). */
  deviceLabel: z.string().trim().max(100, tooLongAt(100)).nullable().default(null),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.object({ endpoint: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2048, tooLongAt(2048)) });

const time = z.string({ error: REQUIRED }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, INVALID_TIME);

/** Quiet hours, from–to in the company's time zone ("22:00"–"07:00" spans midnight); null: none. */
export const pushPreferencesInput = z.object({
  quietHours: z
    .object({ from: time, to: time })
    .refine((q) => q.from !== q.to, { message: "From and to must differ", path: ["to"] })
    .nullable(),
});
export type PushPreferencesInput = z.infer<typeof pushPreferencesInput>;

export type PushDeviceView = { id: number; deviceLabel: string | null; endpointOrigin: string; createdAt: Date; lastSuccessAt: Date | null };

/** GET /api/push: the VAPID public key, the user's devices and quiet hours. */
export type PushSettingsView = {
  publicKey: string;
  devices: PushDeviceView[];
  quietHours: { from: string; to: string } | null;
};

/** What the PUSH consumer gets from the hub for a job: where to send (the keys to encrypt to). */
export type PushTarget = { id: number; endpoint: string; p256dh: string; auth: string };
