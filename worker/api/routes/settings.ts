import { Hono } from "hono";
import { updateSettingInput } from "../../contracts/settings";
import { publicPlatformKeys } from "../../domain/settings/catalogue";
import { getPublicSetting } from "../../domain/settings/getPublicSetting";
import { listSettings } from "../../domain/settings/listSettings";
import { updateSetting } from "../../domain/settings/updateSetting";
import { requireAuth } from "../middleware/auth";
import { jsonBody, type AppEnv } from "../http";

/** /api/settings. allowregister, viewregister and trial are read before anyone logs in. */
export const settingRoutes = new Hono<AppEnv>();
for (const key of publicPlatformKeys) {
  settingRoutes.get(`/${key}`, async (c) => c.json(await getPublicSetting({ db: c.get("db"), input: { key } })));
}
settingRoutes
  .get("/", requireAuth, async (c) => c.json(await listSettings({ ctx: c.get("ctx") })))
  .put("/:key", requireAuth, async (c) => {
    const { value } = await jsonBody(c, updateSettingInput);
    return c.json(await updateSetting({ ctx: c.get("ctx"), input: { key: c.req.param("key"), value } }));
  });
