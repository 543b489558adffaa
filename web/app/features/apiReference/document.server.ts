import { publicApiDocument } from "../../../../worker/api/public/document";

/** The public API's OpenAPI document as this deployment serves it (the same as GET /api/openapi.json). */
export function referenceDocument(request: Request) {
  return publicApiDocument(new URL(request.url).origin);
}
