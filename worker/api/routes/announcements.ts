import { Hono } from "hono";
import { announcementInput, MAX_ANNOUNCEMENT_MEDIA_BYTES, updateAnnouncementInput } from "../../contracts/announcements";
import { pagedSearchQuery } from "../../contracts/paging";
import { createAnnouncement } from "../../domain/announcements/createAnnouncement";
import { deleteAnnouncement } from "../../domain/announcements/deleteAnnouncement";
import { deleteAnnouncementMedia } from "../../domain/announcements/deleteAnnouncementMedia";
import { getAnnouncement } from "../../domain/announcements/getAnnouncement";
import { getAnnouncementMedia } from "../../domain/announcements/getAnnouncementMedia";
import { getDelivery } from "../../domain/announcements/getDelivery";
import { listActiveAnnouncements } from "../../domain/announcements/listActiveAnnouncements";
import { listAnnouncements } from "../../domain/announcements/listAnnouncements";
import { recordAnnouncementReceipt } from "../../domain/announcements/recordAnnouncementReceipt";
import { updateAnnouncement } from "../../domain/announcements/updateAnnouncement";
import { uploadAnnouncementMedia } from "../../domain/announcements/uploadAnnouncementMedia";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv } from "../http";

/**
 * /api/announcements: the spec's calls for super users (the platform's announcements, in the control database),
 * plus what every user's top bar needs: the active ones for their company and their own read/dismissed marks.
 */
export const announcementRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listAnnouncements({ ctx: c.get("ctx"), input: query(c, pagedSearchQuery) })))
  .get("/active", async (c) => c.json(await listActiveAnnouncements({ ctx: c.get("ctx") })))
  .post("/", async (c) => c.json(await createAnnouncement({ ctx: c.get("ctx"), input: await jsonBody(c, announcementInput) }), 201))
  .get("/:id", async (c) => c.json(await getAnnouncement({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateAnnouncement({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, updateAnnouncementInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteAnnouncement({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Announcement deleted" });
  })
  .get("/:id/delivery", async (c) => c.json(await getDelivery({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/read", async (c) => c.json(await recordAnnouncementReceipt({ ctx: c.get("ctx"), input: { id: idParam(c), kind: "read" } })))
  .post("/:id/dismiss", async (c) => c.json(await recordAnnouncementReceipt({ ctx: c.get("ctx"), input: { id: idParam(c), kind: "dismiss" } })))
  .post("/:id/media-upload", async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_ANNOUNCEMENT_MEDIA_BYTES }), "file", { maxBytes: MAX_ANNOUNCEMENT_MEDIA_BYTES });
    return c.json(await uploadAnnouncementMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile } }));
  })
  .delete("/:id/media-upload", async (c) => c.json(await deleteAnnouncementMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getAnnouncementMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });
