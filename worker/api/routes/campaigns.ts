import { Hono } from "hono";
import {
  campaignReportCsvQuery,
  campaignReportQuery,
  campaignSettingsInput,
  createCampaignInput,
  listCampaignsQuery,
  MAX_CAMPAIGN_MEDIA_BYTES,
  testCampaignInput,
  updateCampaignInput,
} from "../../contracts/campaigns";
import { deleteCampaignMedia, uploadCampaignMedia } from "../../domain/campaigns/campaignMedia";
import { cancelCampaign } from "../../domain/campaigns/cancelCampaign";
import { createCampaign } from "../../domain/campaigns/createCampaign";
import { deleteCampaign } from "../../domain/campaigns/deleteCampaign";
import { getCampaign, getCampaignMedia } from "../../domain/campaigns/getCampaign";
import { exportCampaignReportCsv, getCampaignReport } from "../../domain/campaigns/getCampaignReport";
import { listCampaigns } from "../../domain/campaigns/listCampaigns";
import { pauseCampaign } from "../../domain/campaigns/pauseCampaign";
import { restartCampaign } from "../../domain/campaigns/restartCampaign";
import { resumeCampaign } from "../../domain/campaigns/resumeCampaign";
import { getCampaignSettings, saveCampaignSettings } from "../../domain/campaigns/settings";
import { testCampaign } from "../../domain/campaigns/testCampaign";
import { updateCampaign } from "../../domain/campaigns/updateCampaign";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/campaigns: mass messages to a contact list or tag (spec 002), their actions, test send and report. */
export const campaignRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listCampaigns({ ctx: c.get("ctx"), input: query(c, listCampaignsQuery) })))
  .get("/:id", async (c) => c.json(await getCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => c.json(await createCampaign({ ctx: c.get("ctx"), input: await jsonBody(c, createCampaignInput) }), 201))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateCampaign({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, updateCampaignInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Campaign deleted" });
  })
  .post("/:id/cancel", async (c) => c.json(await cancelCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/restart", async (c) => c.json(await restartCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/pause", async (c) => c.json(await pauseCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/resume", async (c) => c.json(await resumeCampaign({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/test", async (c) => {
    const id = idParam(c);
    return c.json(await testCampaign({ ctx: c.get("ctx"), input: { id, body: await jsonBody(c, testCampaignInput) } }));
  })
  .get("/:id/report", async (c) => {
    const id = idParam(c);
    return c.json(await getCampaignReport({ ctx: c.get("ctx"), input: { id, query: query(c, campaignReportQuery) } }));
  })
  .get("/:id/report.csv", async (c) =>
    c.body(await exportCampaignReportCsv({ ctx: c.get("ctx"), input: { id: idParam(c), lang: query(c, campaignReportCsvQuery).lang } }), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="campaign-${idParam(c)}.csv"`,
    }),
  )
  .post("/:id/media-upload", async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_CAMPAIGN_MEDIA_BYTES }), "file", { maxBytes: MAX_CAMPAIGN_MEDIA_BYTES });
    return c.json(await uploadCampaignMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile } }));
  })
  .delete("/:id/media-upload", async (c) => c.json(await deleteCampaignMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getCampaignMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });

/** /api/campaign-settings: the pacing, window, cap, opt-out words and custom variables (spec 002: key and JSON value). */
export const campaignSettingRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await getCampaignSettings({ ctx: c.get("ctx") })))
  .post("/", async (c) => c.json(await saveCampaignSettings({ ctx: c.get("ctx"), input: await jsonBody(c, campaignSettingsInput) })));
