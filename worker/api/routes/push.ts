import { Hono } from "hono";
import { pushPreferencesInput, pushSubscriptionInput, pushUnsubscribeInput } from "../../contracts/push";
import { getPushSettings, publicKeyOf } from "../../domain/push/view";
import { sendTestPush } from "../../domain/push/sendTestPush";
import { setPushPreferences } from "../../domain/push/setPushPreferences";
import { subscribePush } from "../../domain/push/subscribePush";
import { removePushDevice, unsubscribePush } from "../../domain/push/unsubscribePush";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, type AppEnv } from "../http";

/**
 * /api/push: Web Push (issue 29), each user's own devices and quiet hours; every profile may turn notifications on
 * for itself, nobody for anyone else.
 */
export const pushRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await getPushSettings({ ctx: c.get("ctx") })))
  .get("/public-key", (c) => c.json({ publicKey: publicKeyOf(c.get("ctx")) }))
  .post("/subscriptions", async (c) => {
    const input = await jsonBody(c, pushSubscriptionInput);
    return c.json(await subscribePush({ ctx: c.get("ctx"), input }), 201);
  })
  .delete("/subscriptions", async (c) => {
    const input = await jsonBody(c, pushUnsubscribeInput);
    return c.json(await unsubscribePush({ ctx: c.get("ctx"), input }));
  })
  .delete("/subscriptions/:id", async (c) => c.json(await removePushDevice({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .put("/preferences", async (c) => {
    const input = await jsonBody(c, pushPreferencesInput);
    return c.json(await setPushPreferences({ ctx: c.get("ctx"), input }));
  })
  .post("/test", async (c) => c.json(await sendTestPush({ ctx: c.get("ctx") })));
