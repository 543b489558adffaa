import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCatalogue } from "../../contracts/errors";
import { OPENAPI_METHODS, type OpenApiDocument, type OpenApiOperation } from "../../contracts/publicApi/openApiDocument";
import { WEBHOOK_EVENT_TYPES } from "../../contracts/publicApi/events";
import { publicContact, publicTicket } from "../../contracts/publicApi/resources";
import type { ApiCaller } from "../../domain/publicApi/authorizeApiToken";
import { APP_VERSION } from "../routes/version";
import { call, ORIGIN } from "../../testing/fixtures";
import { createPublicApi } from "./index";
import { buildOpenApiDocument, COMMON_ERRORS, errorsOf, openApiPath } from "./openapi";
import { mountPublicRoutes, publicRoute, type PublicEnv, type PublicRoute } from "./publicRoute";
import { publicRoutes } from "./routes";

const SERVER = "https://zapdesk.example/api/v1";

const contactExample = {
  id: 9000000007,
  name: "Maria",
  number: "5511999998888",
  email: "",
  isGroup: false,
  disableBot: false,
  extraInfo: [],
  marketingConsent: { state: "unknown" as const, at: null, how: null },
  createdAt: "2026-11-29T12:00:00.000Z",
  updatedAt: "2026-11-29T12:00:00.000Z",
};

/** Routes declared only here, covering what the real list may not (yet): params, query, a body, 201 and 204. */
const testRoutes: PublicRoute[] = [
  publicRoute(
    {
      method: "get",
      path: "/contacts/:id",
      operationId: "testShowContact",
      summary: "Show a contact",
      tag: "Contacts",
      scope: "contacts:read",
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { status: 200, schema: publicContact, example: contactExample },
      errors: ["ERR_NO_CONTACT_FOUND"],
    },
    async () => contactExample,
  ),
  publicRoute(
    {
      method: "get",
      path: "/contacts",
      operationId: "testFindContacts",
      summary: "Find contacts",
      tag: "Contacts",
      scope: "contacts:read",
      query: z.object({ search: z.string().optional().meta({ description: "Part of a name or number." }), limit: z.coerce.number().int().max(100).default(20) }),
      response: { status: 200, schema: z.strictObject({ items: z.array(publicContact), cursor: z.string().nullable() }), example: { items: [contactExample], cursor: null } },
      errors: [],
    },
    async () => ({ items: [contactExample], cursor: null }),
  ),
  publicRoute(
    {
      method: "post",
      path: "/contacts",
      operationId: "testCreateContact",
      summary: "Create a contact",
      tag: "Contacts",
      scope: "contacts:write",
      body: z.strictObject({ name: z.string().min(1), number: z.string().regex(/^\d+$/), email: z.email().optional() }).meta({ example: { name: "Maria", number: "5511999998888" } }),
      response: { status: 201, schema: publicContact, example: contactExample },
      errors: ["ERR_DUPLICATED_CONTACT"],
    },
    async () => contactExample,
  ),
  publicRoute(
    {
      method: "delete",
      path: "/tickets/:ticketId/tags/:tagId",
      operationId: "testUntagTicket",
      summary: "Remove a tag from a ticket",
      tag: "Tickets",
      scope: "tickets:write",
      params: z.object({ ticketId: z.coerce.number().int().positive(), tagId: z.coerce.number().int().positive() }),
      response: { status: 204 },
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async () => undefined,
  ),
];

type Operation = { path: string; method: string; operation: OpenApiOperation };

function operationsOf(document: OpenApiDocument, where: "paths" | "webhooks" = "paths"): Operation[] {
  return Object.entries(document[where]).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
  );
}

/** Every `$ref` in the document, with where it was found. */
function refsOf(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((inner, i) => refsOf(inner, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "$ref" && typeof inner === "string" ? [{ ref: inner, at }] : refsOf(inner, `${at}/${key}`)));
}

function resolves(document: OpenApiDocument, ref: string) {
  if (!ref.startsWith("#/")) return false;
  let node: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    if (node === null || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

/** What a valid OpenAPI 3.1 document must hold, checked on any document we build. */
function expectStructurallyValid(document: OpenApiDocument) {
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.version).toBe(APP_VERSION);
  const unresolved = refsOf(document).filter(({ ref }) => !resolves(document, ref));
  expect(unresolved).toEqual([]);
  const operations = [...operationsOf(document), ...operationsOf(document, "webhooks")];
  const ids = operations.map(({ operation }) => operation.operationId);
  expect(new Set(ids).size).toBe(ids.length);
  const tagNames = document.tags.map((tag) => tag.name);
  for (const { path, method, operation } of operationsOf(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = operation.parameters.filter((p) => p.in === "path");
    expect(declared.map((p) => p.name).sort(), where).toEqual(templated);
    expect(declared.every((p) => p.required), where).toBe(true);
    const keys = operation.parameters.map((p) => `${p.in}:${p.name}`);
    expect(new Set(keys).size, where).toBe(keys.length);
    expect(tagNames, where).toContain(operation.tags[0]);
    for (const requirement of operation.security ?? []) {
      for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes, where).toHaveProperty(scheme);
    }
    expect(operation.description, where).toContain(`Scope: \`${operation["x-scope"]}\``);
    for (const status of ["400", "401", "403", "429"]) expect(operation.responses, where).toHaveProperty(status);
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [name, example] of Object.entries(response.content?.["application/json"]?.examples ?? {})) {
        const value = example.value as { error: keyof typeof errorCatalogue; message: string };
        expect(String(errorCatalogue[value.error][0]), `${where} ${name}`).toBe(status);
        expect(value.message).toBe(errorCatalogue[value.error][1]);
      }
    }
    expect(operation.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key"), where).toBe(method === "post");
  }
}

describe("the public API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document for every public route", () => {
    expectStructurallyValid(buildOpenApiDocument(publicRoutes, { serverUrl: SERVER }));
  });

  it("is valid for routes with path params, a query, a body, 201 and 204", () => {
    const document = buildOpenApiDocument(testRoutes, { serverUrl: SERVER });
    expectStructurallyValid(document);
    expect(Object.keys(document.paths).sort()).toEqual(["/contacts", "/contacts/{id}", "/tickets/{ticketId}/tags/{tagId}"]);

    const show = document.paths["/contacts/{id}"]!.get!;
    expect(show.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "integer", exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER } }]);
    expect(show.responses["200"]!.content!["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/Contact" });
    expect(Object.keys(show.responses["404"]!.content!["application/json"]!.examples!)).toEqual(["ERR_NOT_FOUND", "ERR_NO_CONTACT_FOUND"]);

    const find = document.paths["/contacts"]!.get!;
    expect(find.parameters).toEqual([
      { name: "search", in: "query", required: false, description: "Part of a name or number.", schema: { type: "string" } },
      { name: "limit", in: "query", required: false, schema: { type: "integer", default: 20, maximum: 100, minimum: Number.MIN_SAFE_INTEGER } },
    ]);

    const create = document.paths["/contacts"]!.post!;
    expect(create.security).toEqual([{ apiToken: ["contacts:write"] }]);
    expect(create.requestBody!.content["application/json"]!.example).toEqual({ name: "Maria", number: "5511999998888" });
    expect(create.requestBody!.content["application/json"]!.schema).toMatchObject({ type: "object", required: ["name", "number"], additionalProperties: false });
    expect(create.responses["201"]!.content!["application/json"]!.example).toEqual(contactExample);
    expect(Object.keys(create.responses["409"]!.content!["application/json"]!.examples!).sort()).toEqual([
      "ERR_DUPLICATED_CONTACT",
      "ERR_IDEMPOTENCY_KEY_IN_PROGRESS",
      "ERR_IDEMPOTENCY_KEY_REUSED",
    ]);
    expect(create.responses["403"]!.content!["application/json"]!.examples!.ERR_API_SCOPE!.value).toMatchObject({ scope: "contacts:write" });

    const untag = document.paths["/tickets/{ticketId}/tags/{tagId}"]!.delete!;
    expect(untag.responses["204"]).toEqual({ description: "Done; no content." });
    expect(untag.requestBody).toBeUndefined();
  });

  it("describes every example its routes declare, as their own schemas parse it", () => {
    for (const route of [...publicRoutes, ...testRoutes]) {
      if (route.response.status !== 204) {
        const parsed = route.response.schema.safeParse(route.response.example);
        expect(parsed.success, `${route.method} ${route.path}: ${parsed.error?.message}`).toBe(true);
      }
      // A body's example (its schema's `.meta({ example })`) is what the reference's "try it" starts from.
      const bodyExample = route.body?.meta()?.example;
      if (bodyExample !== undefined) expect(route.body!.safeParse(bodyExample).success, `${route.method} ${route.path} body`).toBe(true);
    }
  });

  it("keeps the public resources once in components and refers to them", () => {
    const document = buildOpenApiDocument([...publicRoutes, ...testRoutes], { serverUrl: SERVER });
    for (const id of ["Contact", "Ticket", "Tag", "Message", "Queue", "Connection", "Error"]) expect(document.components.schemas).toHaveProperty(id);
    expect(document.components.schemas.Ticket).toMatchObject({ type: "object", additionalProperties: false });
    expect((document.components.schemas.Ticket as { properties: Record<string, unknown> }).properties.tags).toEqual({ type: "array", items: { $ref: "#/components/schemas/Tag" } });
    // A date is its format, not zod's long pattern.
    expect((document.components.schemas.Ticket as { properties: Record<string, unknown> }).properties.createdAt).toEqual({
      type: "string",
      format: "date-time",
      example: "2026-11-29T12:00:00.000Z",
    });
    expect(z.toJSONSchema(publicTicket)).toHaveProperty("$ref", "#/$defs/Ticket");
  });

  it("documents every webhook event: the envelope around its data and the signature headers", () => {
    const document = buildOpenApiDocument(publicRoutes, { serverUrl: SERVER });
    expect(Object.keys(document.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);
    const closed = document.webhooks["ticket.closed"]!.post!;
    expect(closed.parameters.map((p) => p.name)).toEqual(["X-Zapdesk-Event", "X-Zapdesk-Delivery", "X-Zapdesk-Timestamp", "X-Zapdesk-Signature"]);
    const body = closed.requestBody!.content["application/json"]!.schema as { properties: Record<string, { const?: string; properties?: Record<string, unknown> }> };
    expect(body.properties.type).toMatchObject({ const: "ticket.closed" });
    // zod's own "starts_with" is no JSON Schema format: its pattern says it.
    expect(body.properties.id).toEqual({ type: "string", pattern: "^evt_.*" });
    expect(body.properties.data!.properties!.ticket).toEqual({ $ref: "#/components/schemas/Ticket" });
    const recipe = document.tags.find((tag) => tag.name === closed.tags[0])!.description!;
    expect(recipe).toContain("HMAC-SHA256");
    expect(recipe).toContain('createHmac("sha256", secret)');
  });

  it("lists the common errors on every operation, and the ones its shape implies", () => {
    const [show, , create] = testRoutes as [PublicRoute, PublicRoute, PublicRoute];
    expect(errorsOf(show)).toEqual([...COMMON_ERRORS, "ERR_NOT_FOUND", "ERR_NO_CONTACT_FOUND"]);
    expect(errorsOf(create)).toEqual(expect.arrayContaining(["ERR_INVALID_JSON", "ERR_IDEMPOTENCY_KEY_REUSED", "ERR_DUPLICATED_CONTACT"]));
  });
});

describe("the document against the public API it describes", () => {
  it("has every route the public API mounts, and no route it does not", () => {
    const mounted = createPublicApi()
      .routes.filter((route) => route.method !== "ALL")
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`)
      .sort();
    const documented = operationsOf(buildOpenApiDocument(publicRoutes, { serverUrl: SERVER }))
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(mounted.length).toBeGreaterThan(0);
    expect(documented).toEqual(mounted);
  });

  it("fails loudly, outside a deployment, when a route answers a field the document does not describe", async () => {
    // The contact route above, answering one field more than the Contact its document describes.
    const leaky: PublicRoute = { ...testRoutes[0]!, handle: async () => ({ ...contactExample, internalNotes: "not public" }) };
    const app = new Hono<PublicEnv>();
    app.use("*", async (c, next) => {
      c.set("caller", { scopes: ["contacts:read"] } as unknown as ApiCaller);
      await next();
    });
    mountPublicRoutes(app, [leaky]);
    let failure: Error | undefined;
    app.onError((err, c) => {
      failure = err;
      return c.text("failed", 500);
    });
    const res = await app.request("/contacts/9000000007", {}, { APP_ENV: "test" });
    expect(res.status).toBe(500);
    expect(failure?.message).toMatch(/GET \/api\/v1\/contacts\/:id answered a shape its OpenAPI document does not describe/);
    expect(failure?.message).toContain("internalNotes");
    // A deployment answers as is: the check is the tests' and the local run's, not a failure for integrators.
    const deployed = await app.request("/contacts/9000000007", {}, { APP_ENV: "production" });
    expect(deployed.status).toBe(200);
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the document to anyone, without a token, cacheable", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.json.servers).toEqual([{ url: `${ORIGIN}/api/v1` }]);
    expect(res.json.paths["/queues"].get.operationId).toBe("listQueues");
  });
});
