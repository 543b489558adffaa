import { z } from "zod";
import { platformId } from "./ids";
import { patchOf } from "./patch";
import { REQUIRED, TOO_LONG } from "./fieldMessages";

/** Companies one fan-out job delivers to (one hub publish each, in parallel); the job then enqueues the next batch. */
export const FANOUT_BATCH_SIZE = 100;
/** An announcement's attachment (R2): an image or a document. */
export const MAX_ANNOUNCEMENT_MEDIA_BYTES = 10 * 1024 * 1024;

const id = platformId();

/** POST /announcements (super users). `companyIds` null or absent: every company. */
export const announcementInput = z.object({
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, TOO_LONG),
  text: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(10_000, TOO_LONG),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "Must be 1 (high), 2 (medium) or 3 (low)" }).default(3),
  status: z.boolean({ error: "Must be true or false" }).default(true),
  endDate: z.iso.datetime({ offset: true, error: "Must be a date and time" }).nullable().default(null),
  companyIds: z.array(id, { error: "Must be a list of company ids" }).min(1, "Choose at least one company").max(10_000).nullable().default(null),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

/** PUT /announcements/:id: any of the fields (none defaulted: what is absent stays as it is). */
export const updateAnnouncementInput = patchOf({
  title: announcementInput.shape.title.optional(),
  text: announcementInput.shape.text.optional(),
  priority: announcementInput.shape.priority.unwrap().optional(),
  status: announcementInput.shape.status.unwrap().optional(),
  endDate: announcementInput.shape.endDate.unwrap().optional(),
  companyIds: announcementInput.shape.companyIds.unwrap().optional(),
});
export type UpdateAnnouncementInput = z.infer<typeof updateAnnouncementInput>;

/** A job of the FANOUT queue: deliver an announcement's change to the next batch of its companies. */
export const fanoutJob = z.object({
  kind: z.literal("announcement"),
  announcementId: z.number(),
  run: z.number(),
  afterCompanyId: z.number(),
});
export type FanoutJob = z.infer<typeof fanoutJob>;

export type AnnouncementView = {
  id: number;
  title: string;
  text: string;
  priority: 1 | 2 | 3;
  status: boolean;
  mediaName: string | null;
  /** The API path of the attachment (never a storage key), or null. */
  mediaUrl: string | null;
  endDate: string | null;
  companyIds: number[] | null;
  createdAt: string;
  updatedAt: string;
};

/** An active announcement as a user of a company sees it, with what this user did with it. */
export type ActiveAnnouncement = Omit<AnnouncementView, "companyIds" | "status"> & { read: boolean; dismissed: boolean };

export type DeliveryView = { announcementId: number; action: "create" | "update" | "delete"; total: number; delivered: number; status: "running" | "done" };
