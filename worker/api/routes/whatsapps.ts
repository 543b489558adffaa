import { Hono } from "hono";
import { createWhatsappInput, pairingCodeInput, updateWhatsappInput } from "../../contracts/whatsapps";
import { createWhatsapp } from "../../domain/whatsapps/createWhatsapp";
import { deleteWhatsapp } from "../../domain/whatsapps/deleteWhatsapp";
import { disconnectSession } from "../../domain/whatsapps/disconnectSession";
import { generateToken } from "../../domain/whatsapps/generateToken";
import { getWhatsapp } from "../../domain/whatsapps/getWhatsapp";
import { listConnections } from "../../domain/whatsapps/listConnections";
import { requestPairingCode } from "../../domain/whatsapps/requestPairingCode";
import { restartAllSessions } from "../../domain/whatsapps/restartAllSessions";
import { restartSession } from "../../domain/whatsapps/restartSession";
import { revokeToken } from "../../domain/whatsapps/revokeToken";
import { startSession } from "../../domain/whatsapps/startSession";
import { updateWhatsapp } from "../../domain/whatsapps/updateWhatsapp";
import { createTemplateInput, templateExampleInput } from "../../contracts/whatsappTemplates";
import { automaticTemplatesInput } from "../../contracts/automaticTemplates";
import { cloudSignupInput } from "../../contracts/cloudSignup";
import { embeddedSignup } from "../../domain/cloud/embeddedSignup";
import { requirePermission } from "../../domain/context";
import { createTemplate } from "../../domain/templates/createTemplate";
import { deleteTemplate } from "../../domain/templates/deleteTemplate";
import { listTemplates } from "../../domain/templates/listTemplates";
import { listAutomaticTemplates } from "../../domain/templates/listAutomaticTemplates";
import { saveAutomaticTemplates } from "../../domain/templates/saveAutomaticTemplates";
import { syncTemplates } from "../../domain/templates/syncTemplates";
import { MAX_TEMPLATE_EXAMPLE_BYTES, uploadTemplateExample } from "../../domain/templates/uploadTemplateExample";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, parseWith, type AppEnv, withParams } from "../http";

/**
 * /api/whatsapp: the company's connections (spec 001 §7). Everyone lists and reads them (pickers, the inbox);
 * writes are the connections page's, for admins. The spec's `session=0` and `companyId` query parameters are
 * accepted and ignored: the list never carries session secrets, and the company comes from the token.
 */
export const whatsappRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listConnections({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getWhatsapp({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createWhatsappInput);
    return c.json(await createWhatsapp({ ctx: c.get("ctx"), input }), 201);
  })
  // Embedded Signup (issue 24): a new Cloud API connection on the number Facebook's flow gave. Admins, before the body.
  .post("/cloud/signup", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "connections-page:addConnection");
    const input = await jsonBody(c, cloudSignupInput);
    return c.json(await embeddedSignup({ ctx, input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateWhatsappInput);
    return c.json(await updateWhatsapp({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteWhatsapp({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Whatsapp deleted." });
  })
  // A Cloud API connection's message templates (ADR 0050).
  .get("/:id/templates", async (c) => c.json(await listTemplates({ ctx: c.get("ctx"), input: { whatsappId: idParam(c) } })))
  .post("/:id/templates/sync", async (c) => c.json(await syncTemplates({ ctx: c.get("ctx"), input: { whatsappId: idParam(c) } })))
  .post("/:id/templates", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "connections-page:editOrDeleteConnection");
    const template = await jsonBody(c, createTemplateInput);
    return c.json(await createTemplate({ ctx, input: { whatsappId: idParam(c), template } }), 201);
  })
  // A media header's example file, read only once the verb has let the caller in.
  .post("/:id/templates/header-example", async (c) => {
    const readInput = async () => {
      const form = await formBody(c, { maxBytes: MAX_TEMPLATE_EXAMPLE_BYTES });
      const { format } = parseWith(templateExampleInput, { format: form.get("format") ?? undefined });
      return { format, file: formFile(form, "file", { maxBytes: MAX_TEMPLATE_EXAMPLE_BYTES }) };
    };
    return c.json(await uploadTemplateExample({ ctx: c.get("ctx"), input: { whatsappId: idParam(c), readInput } }));
  })
  .delete("/:id/templates/:templateId", async (c) =>
    c.json(await deleteTemplate({ ctx: c.get("ctx"), input: { whatsappId: idParam(c), templateId: idParam(c, "templateId") } })),
  )
  // Which template each of the product's own messages becomes once a customer's window has closed.
  .get("/:id/automatic-templates", async (c) => c.json(await listAutomaticTemplates({ ctx: c.get("ctx"), input: { whatsappId: idParam(c) } })))
  .put("/:id/automatic-templates", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "connections-page:editOrDeleteConnection");
    const choice = await jsonBody(c, automaticTemplatesInput);
    return c.json(await saveAutomaticTemplates({ ctx, input: { whatsappId: idParam(c), choice } }));
  })
  // The external-API token: shown once in this answer, stored hashed.
  .post("/:id/token", async (c) => c.json(await generateToken({ ctx: c.get("ctx"), input: { id: idParam(c) } }), 201))
  .delete("/:id/token", async (c) => c.json(await revokeToken({ ctx: c.get("ctx"), input: { id: idParam(c) } })));

/** /api/whatsappsession/:id: session control (POST start, PUT restart, DELETE disconnect) and pairing codes. */
export const whatsappSessionRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .post("/:id", async (c) => c.json(await startSession({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .put("/:id", async (c) => c.json(await restartSession({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .delete("/:id", async (c) => c.json(await disconnectSession({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/pairing-code", async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, pairingCodeInput);
    return c.json(await requestPairingCode({ ctx: c.get("ctx"), input: withParams(input, { id }) }));
  });

/** /api/whatsapp-restart: restart every connection of the company (spec 001 §7). */
export const whatsappRestartRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .post("/", async (c) => c.json(await restartAllSessions({ ctx: c.get("ctx") })));
