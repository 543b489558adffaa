import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { finishImportInput, IMPORT_MEDIA_MAX_BYTES, IMPORT_ROWS_MAX_BYTES, importMediaQuery, importRowsInput, openImportInput } from "../../contracts/companyArchive";
import { requirePermission } from "../../domain/context";
import { finishImport } from "../../domain/dataImport/finishImport";
import { getImport } from "../../domain/dataImport/getImport";
import { importRows } from "../../domain/dataImport/importRows";
import { openImport } from "../../domain/dataImport/openImport";
import { putImportMedia } from "../../domain/dataImport/putImportMedia";
import { AppError } from "../../domain/errors";
import { jsonBodyLimit } from "../middleware/bodyLimit";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** Platform admins only, checked before any body is read (a forbidden request is 403 whatever it carries). */
const platformAdmin = createMiddleware<AppEnv>(async (c, next) => {
  requirePermission(c.get("ctx"), "companies:manage");
  await next();
});

const tooLarge = (limit: number) => () => {
  throw new AppError("ERR_PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes.`, { limit });
};

/**
 * /api/platform/imports (issue 27, docs/company-archive.md "The import API"): the importer's way in. Mounted before the
 * API's 1 MiB JSON limit applies (app.ts): a batch of rows may take 8 MiB, a media file streams up to its own cap.
 */
export const importRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, platformAdmin)
  .post("/", jsonBodyLimit, async (c) => c.json(await openImport({ ctx: c.get("ctx"), input: await jsonBody(c, openImportInput) }), 201))
  .get("/:id", async (c) => c.json(await getImport({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/rows", bodyLimit({ maxSize: IMPORT_ROWS_MAX_BYTES, onError: tooLarge(IMPORT_ROWS_MAX_BYTES) }), async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, importRowsInput);
    return c.json(await importRows({ ctx: c.get("ctx"), input: { ...input, id } }));
  })
  .put("/:id/media", async (c) => {
    const id = idParam(c);
    const { key } = query(c, importMediaQuery);
    const size = Number(c.req.header("content-length") ?? NaN);
    if (!Number.isSafeInteger(size) || size < 0) throw new AppError("ERR_VALIDATION", "The file's length must be declared (Content-Length).", { fields: { body: "Content-Length required" } });
    if (size > IMPORT_MEDIA_MAX_BYTES) tooLarge(IMPORT_MEDIA_MAX_BYTES)();
    const body = c.req.raw.body ?? new Response(new Uint8Array(0)).body!;
    return c.json(await putImportMedia({ ctx: c.get("ctx"), input: { id, key, body, size, contentType: c.req.header("content-type") ?? null } }));
  })
  .post("/:id/finish", jsonBodyLimit, async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, finishImportInput);
    return c.json(await finishImport({ ctx: c.get("ctx"), input: { id, ...input } }));
  });
