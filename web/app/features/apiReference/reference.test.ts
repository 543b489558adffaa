import { describe, expect, it } from "vitest";
import type { OpenApiDocument, OpenApiOperation } from "../../../../worker/contracts/publicApi/openApiDocument";
import { operationGroups, sampleOf, typeLabel, webhookEvents, webhookRecipe } from "./reference";
import { tryRequest } from "./tryIt";

const operation = (operationId: string, tag: string, extra: Partial<OpenApiOperation> = {}): OpenApiOperation => ({
  operationId,
  summary: operationId,
  description: "",
  tags: [tag],
  parameters: [],
  responses: {},
  ...extra,
});

const components = {
  Tag: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } }, required: ["id", "name"] },
};

const document: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "ZapDesk API", version: "1", description: "" },
  servers: [{ url: "https://zapdesk.example/api/v1" }],
  tags: [{ name: "Tickets" }, { name: "Contacts" }, { name: "Directory" }, { name: "Webhook events", description: "Sign it so." }],
  paths: {
    "/queues": { get: operation("listQueues", "Directory") },
    "/tickets/{id}": { get: operation("showTicket", "Tickets"), delete: operation("deleteTicket", "Tickets") },
  },
  webhooks: { "ticket.closed": { post: operation("event.ticket.closed", "Webhook events") } },
  components: { schemas: components, securitySchemes: {} },
};

describe("the reference's reading of the OpenAPI document", () => {
  it("groups operations by tag in the document's order, leaving out empty tags and the webhook events", () => {
    expect(operationGroups(document).map((g) => [g.tag, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ["Tickets", ["get /tickets/{id}", "delete /tickets/{id}"]],
      ["Directory", ["get /queues"]],
    ]);
    expect(webhookEvents(document).map((e) => [e.path, e.anchor])).toEqual([["ticket.closed", "op-event-ticket-closed"]]);
    expect(webhookRecipe(document)).toBe("Sign it so.");
  });

  it("says a schema's type in one line", () => {
    expect(typeLabel({ $ref: "#/components/schemas/Tag" }, components)).toBe("Tag");
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/Tag" } }, components)).toBe("array of Tag");
    expect(typeLabel({ type: ["integer", "null"] }, components)).toBe("integer | null");
    expect(typeLabel({ type: "string", format: "date-time" }, components)).toBe("string (date-time)");
    expect(typeLabel({ type: "string", enum: ["open", "closed"] }, components)).toBe('"open" | "closed"');
  });

  it("starts a body without an example from the required fields of its schema", () => {
    const schema = {
      type: "object",
      properties: { name: { type: "string" }, tag: { $ref: "#/components/schemas/Tag" }, note: { type: "string" }, kind: { type: "string", enum: ["a", "b"] }, limit: { type: "integer", default: 20 } },
      required: ["name", "tag", "kind", "limit"],
    };
    expect(sampleOf(schema, components)).toEqual({ name: "", tag: { id: 1, name: "" }, kind: "a", limit: 20 });
  });
});

describe("try it", () => {
  const show = operation("showTicket", "Tickets", {
    parameters: [
      { name: "id", in: "path", required: true, schema: { type: "integer" } },
      { name: "include", in: "query", required: false, schema: { type: "string" } },
      { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string" } },
    ],
  });

  it("fills the path and the query, and sends the token as a bearer without cookies", () => {
    const request = tryRequest("https://zapdesk.example/api/v1", "get", "/tickets/{id}", show, { token: " zdk_2_x ", values: { id: "9/1", include: "a b" }, body: "", idempotencyKey: "k" });
    expect(request.url).toBe("https://zapdesk.example/api/v1/tickets/9%2F1?include=a+b");
    expect(request.init).toEqual({ method: "GET", headers: { accept: "application/json", authorization: "Bearer zdk_2_x" }, credentials: "omit" });
  });

  it("sends a POST's body as JSON, with its Idempotency-Key when one is given", () => {
    const create = operation("createNote", "Tickets", { requestBody: { required: true, content: { "application/json": { schema: {} } } } });
    const request = tryRequest("/api/v1", "post", "/notes", create, { token: "t", values: {}, body: '{"body":"oi"}', idempotencyKey: "abc" });
    expect(request.url).toBe("/api/v1/notes");
    expect(request.init.body).toBe('{"body":"oi"}');
    expect(request.init.headers).toMatchObject({ "content-type": "application/json", "idempotency-key": "abc" });
  });
});
