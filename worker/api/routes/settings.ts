import { Hono } from "hono";
import { updateSettingInput } from "../../contracts/settings";
import { publicPlatformKeys } from "../../domain/settings/catalogue";
import { getPublicSetting } from "../../domain/settings/getPublicSetting";
import { listSettings } from "../../domain/settings/listSettings";
import { updateSetting } from "../../domain/settings/updateSetting";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, jsonBody, type AppEnv, withParams } from "../http";
import { MAX_LOGO_BYTES } from "../../domain/logos/catalogue";
import { deleteLogo } from "../../domain/logos/deleteLogo";
import { uploadLogo } from "../../domain/logos/uploadLogo";

/** /api/settings. allowregister, viewregister and trial are read before anyone logs in. */
export const settingRoutes = new Hono<AppEnv>();
for (const key of publicPlatformKeys) {
  settingRoutes.get(`/${key}`, async (c) => c.json(await getPublicSetting({ db: c.get("db"), input: { key } })));
}
settingRoutes
  .get("/", requireAuth, async (c) => c.json(await listSettings({ ctx: c.get("ctx") })))
  // The Logo tab (super users): spec 001's upload, `ref` naming the logo (light, dark, favicon or a spec destination).
  .post("/media-upload", requireAuth, async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_LOGO_BYTES }), "file", { maxBytes: MAX_LOGO_BYTES });
    return c.json(await uploadLogo({ ctx: c.get("ctx"), input: { ref: c.req.query("ref"), readFile } }));
  })
  .delete("/logos/:kind", requireAuth, async (c) => {
    await deleteLogo({ ctx: c.get("ctx"), input: { kind: c.req.param("kind") } });
    return c.json({ message: "Logo removed" });
  })
  .put("/:key", requireAuth, async (c) => {
    const input = await jsonBody(c, updateSettingInput);
    return c.json(await updateSetting({ ctx: c.get("ctx"), input: withParams(input, { key: c.req.param("key") }) }));
  });
