import { Hono } from "hono";
import { createScheduleInput, listSchedulesQuery, MAX_SCHEDULE_MEDIA_BYTES, updateScheduleInput } from "../../contracts/schedules";
import { createSchedule } from "../../domain/schedules/createSchedule";
import { deleteSchedule } from "../../domain/schedules/deleteSchedule";
import { getSchedule, getScheduleMedia } from "../../domain/schedules/getSchedule";
import { listSchedules } from "../../domain/schedules/listSchedules";
import { retrySchedule } from "../../domain/schedules/retrySchedule";
import { deleteScheduleMedia, uploadScheduleMedia } from "../../domain/schedules/scheduleMedia";
import { updateSchedule } from "../../domain/schedules/updateSchedule";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/schedules: the schedules page, the chat's schedule dialog, and the retry of a failed one (spec 002). */
export const scheduleRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listSchedules({ ctx: c.get("ctx"), input: query(c, listSchedulesQuery) })))
  .get("/:id", async (c) => c.json(await getSchedule({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createScheduleInput);
    return c.json(await createSchedule({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateScheduleInput);
    return c.json(await updateSchedule({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteSchedule({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Schedule deleted" });
  })
  .post("/:id/retry", async (c) => c.json(await retrySchedule({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/media-upload", async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_SCHEDULE_MEDIA_BYTES }), "file", { maxBytes: MAX_SCHEDULE_MEDIA_BYTES });
    return c.json(await uploadScheduleMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile } }));
  })
  .delete("/:id/media-upload", async (c) => c.json(await deleteScheduleMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getScheduleMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });
