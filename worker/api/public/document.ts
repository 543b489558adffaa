import type { OpenApiDocument } from "../../contracts/publicApi/openApiDocument";
import { buildOpenApiDocument } from "./openapi";
import { publicRoutes } from "./routes";

const documents = new Map<string, OpenApiDocument>();

/**
 * The document of every public endpoint as served from `origin` (GET /api/openapi.json, the /api/docs page): built
 * once per isolate and origin, since the routes cannot change while it runs.
 */
export function publicApiDocument(origin: string): OpenApiDocument {
  let document = documents.get(origin);
  if (!document) {
    document = buildOpenApiDocument(publicRoutes, { serverUrl: `${origin}/api/v1` });
    documents.set(origin, document);
  }
  return document;
}
