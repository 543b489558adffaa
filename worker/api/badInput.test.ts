import { MAX_JSON_BODY_BYTES } from "./middleware/bodyLimit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as announcementContracts from "../contracts/announcements";
import * as authContracts from "../contracts/auth";
import * as twoFactorContracts from "../contracts/twoFactor";
import * as billingContracts from "../contracts/billing";
import * as chatContracts from "../contracts/chats";
import * as contactListContracts from "../contracts/contactLists";
import * as campaignContracts from "../contracts/campaigns";
import * as fileListContracts from "../contracts/fileLists";
import * as notificationContracts from "../contracts/notifications";
import * as passwordResetContracts from "../contracts/passwordReset";
import * as promptContracts from "../contracts/prompts";
import * as queueIntegrationContracts from "../contracts/queueIntegrations";
import * as scheduleContracts from "../contracts/schedules";
import * as signupContracts from "../contracts/signup";
import * as companyContracts from "../contracts/companies";
import * as contactContracts from "../contracts/contacts";
import * as privacyContracts from "../contracts/privacy";
import * as consentContracts from "../contracts/consent";
import * as externalApiContracts from "../contracts/externalApi";
import * as insightContracts from "../contracts/insight";
import * as kanbanContracts from "../contracts/kanban";
import * as messageContracts from "../contracts/messages";
import * as pagingContracts from "../contracts/paging";
import { EMPTY_PATCH } from "../contracts/patch";
import * as planContracts from "../contracts/plans";
import * as helpContracts from "../contracts/helps";
import * as queueContracts from "../contracts/queues";
import * as quickMessageContracts from "../contracts/quickMessages";
import * as settingContracts from "../contracts/settings";
import * as tagContracts from "../contracts/tags";
import * as ticketNoteContracts from "../contracts/ticketNotes";
import * as ticketContracts from "../contracts/tickets";
import * as userContracts from "../contracts/users";
import * as whatsappContracts from "../contracts/whatsapps";
import * as publicContactContracts from "../contracts/publicApi/contacts";
import * as publicPagingContracts from "../contracts/publicApi/paging";
import * as publicTicketContracts from "../contracts/publicApi/tickets";
import * as tokenContracts from "../contracts/publicApi/tokens";
import * as webhookContracts from "../contracts/publicApi/webhooks";
import * as pushContracts from "../contracts/push";
import * as auditContracts from "../contracts/audit";
import * as companyArchiveContracts from "../contracts/companyArchive";
import * as companyExportContracts from "../contracts/companyExports";
import { eq } from "drizzle-orm";
import { plans } from "../db/control";
import { planFlagKeys } from "../domain/auth/sessionUser";
import { contactListItems, contactLists, fileListOptions, queueOptions, schedules, whatsappTemplates } from "../db/tenant";
import { useFakeHost } from "../testing/fakeHost";
import { call, callInProcess, control, hubOf, inTenant, platformAdmin, type CallOptions } from "../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../testing/inbox";
import { createNote, createQuickMessage, createTag, tagTicket } from "../testing/records";
import { apiTokenOf } from "../testing/publicApi";
import { holdPushJobs, newDevice, subscriptionBody } from "../testing/fakePushService";
import { createApi } from "./app";
import { createEdgeApi } from "./edge";

/**
 * "No handler answers 500 to bad input" (DESIGN.md), for every route of the API, enumerated from the Hono apps
 * themselves (the hub's createApi and the edge's createEdgeApi), so a new route is walked without being listed.
 * The probes: malformed JSON, no body, JSON that is not an object, every field of the contracts with the wrong
 * type (text, object, null, true, a huge number, 100 and 1,000 ids, 5,000 characters), multipart and other bodies
 * where JSON is expected (and JSON where multipart is), ids in the path that are negative, zero, not numbers or
 * huge, and query strings with the same, huge page numbers and lists of 100 and 1,000 ids alone. Each answer must
 * be below 500, and a 4xx must be the error shape. They run as an admin of a company with data (a ticket with a
 * message, tag and note, a queue option, a quick message, a connection), against a fake session host, each
 * route's probes at once. A body whose every field is wrong stops at validation, so a list of allowed size in an
 * otherwise valid body is the routes' own tests' (closeAll, tags/sync).
 */

interface Route {
  method: string;
  /** Under /api, with Hono's :params. */
  path: string;
}

/** Each method and path once (handlers and inline middleware are separate entries); `use` middleware (ALL) aside. */
function apiRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const { method, path } of [...createEdgeApi().routes, ...createApi().routes]) {
    if (method !== "ALL" && !routes.has(`${method} ${path}`)) routes.set(`${method} ${path}`, { method, path });
  }
  return [...routes.values()];
}

const contractModules = [
  announcementContracts,
  authContracts,
  twoFactorContracts,
  billingContracts,
  companyContracts,
  contactContracts,
  privacyContracts,
  auditContracts,
  companyArchiveContracts,
  companyExportContracts,
  consentContracts,
  contactListContracts,
  campaignContracts,
  fileListContracts,
  externalApiContracts,
  insightContracts,
  kanbanContracts,
  messageContracts,
  pagingContracts,
  planContracts,
  helpContracts,
  queueContracts,
  quickMessageContracts,
  scheduleContracts,
  settingContracts,
  tagContracts,
  ticketNoteContracts,
  ticketContracts,
  userContracts,
  whatsappContracts,
  chatContracts,
  notificationContracts,
  passwordResetContracts,
  promptContracts,
  queueIntegrationContracts,
  pushContracts,
  signupContracts,
  publicContactContracts,
  publicPagingContracts,
  publicTicketContracts,
  tokenContracts,
  webhookContracts,
];

/** The field names of a schema, through its wrappers (optional, default, pipe, transform). */
function addFieldsOf(schema: z.ZodType, into: Set<string>) {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType };
  if (def.type === "object") for (const name of Object.keys(def.shape!)) into.add(name);
  for (const inner of [def.in, def.innerType]) if (inner) addFieldsOf(inner, into);
}

/** Every field the contracts name: those of the *Query schemas for query strings, the others for bodies. */
function contractFields() {
  const query = new Set<string>();
  const body = new Set<string>();
  for (const contracts of contractModules) {
    for (const [name, value] of Object.entries(contracts)) {
      if (value instanceof z.ZodType) addFieldsOf(value, name.endsWith("Query") ? query : body);
    }
  }
  return { query: [...query], body: [...body] };
}

/**
 * A list at the size contracts allow, of ids no company has (company N's start at (N - 1) x 10^9), so that a
 * list that deletes deletes nothing seeded; and one longer than any contract allows, of short ids, so that a body
 * with it in every field stays under the 1 MB limit and reaches validation.
 */
const hundredIds = Array.from({ length: 100 }, (_, i) => 9_000_000_000_000 + i);
const thousandIds = Array.from({ length: 1000 }, (_, i) => i + 1);
const BAD_PATH_IDS = ["-1", "0", "abc", "1.5", "99999999999", "99999999999999999999", "%27%20or%201%3D1", "%F0%9F%92%A9"];

interface Probe {
  label: string;
  path: string;
  opts: CallOptions;
}

function bodyProbes(path: string, fields: string[]): Probe[] {
  const json = (label: string, rawBody: string) => ({ label, path, opts: { rawBody, headers: { "content-type": "application/json" } } });
  const everyField = (value: unknown, names = fields) => Object.fromEntries(names.map((name) => [name, value]));
  // 5,000 characters in every field of every contract outgrows the JSON body limit (a 413 before anything else): the
  // fields go in as many bodies as keep each under it.
  const longText = "x".repeat(5000);
  const perBody = Math.floor((MAX_JSON_BODY_BYTES * 0.9) / (longText.length + 40));
  const longBodies = Array.from({ length: Math.ceil(fields.length / perBody) }, (_, i) => fields.slice(i * perBody, (i + 1) * perBody));
  const form = new FormData();
  for (const name of fields) form.append(name, "abc");
  for (const name of ["file", "medias"]) form.append(name, new File(["olá"], "hello.txt", { type: "text/plain" }));
  return [
    json("malformed JSON", '{"a":'),
    json("an empty JSON body", ""),
    json("null", "null"),
    json("a string", '"text"'),
    json("a number", "42"),
    json("an array", "[]"),
    json("{}", "{}"),
    { label: "no body", path, opts: {} },
    ...[
      ["text for every field", "abc"],
      ["an object for every field", { id: 1 }],
      ["null for every field", null],
      ["true for every field", true],
      ["a huge number for every field", 99999999999],
      ["100 ids for every field", hundredIds],
      ["1,000 ids for every field", thousandIds],
    ].map(([label, value]) => ({ label: label as string, path, opts: { body: everyField(value) } })),
    ...longBodies.map((names, i) => ({ label: `5,000 characters for every field (part ${i + 1} of ${longBodies.length})`, path, opts: { body: everyField(longText, names) } })),
    { label: "multipart", path, opts: { rawBody: form } },
    { label: "malformed multipart", path, opts: { rawBody: "--zz\r\nnot a part", headers: { "content-type": "multipart/form-data; boundary=zz" } } },
    { label: "text/plain", path, opts: { rawBody: "hello", headers: { "content-type": "text/plain" } } },
    { label: "a url-encoded form", path, opts: { rawBody: "ticketId=abc&tags=1", headers: { "content-type": "application/x-www-form-urlencoded" } } },
  ];
}

function queryProbes(path: string, fields: string[]): Probe[] {
  const everyField = (value: string) => `${path}?${fields.map((name) => `${name}=${encodeURIComponent(value)}`).join("&")}`;
  const alone = (name: string, value: string) => `${path}?${name}=${encodeURIComponent(value)}`;
  const [hundred, thousand] = [JSON.stringify(hundredIds), JSON.stringify(thousandIds)];
  return [
    { label: "no query", path, opts: {} },
    ...["abc", "-1", "0", "99999999999", "", "null", "{}", "[]", "true", hundred, thousand].map((value) => ({ label: `every field ${value.slice(0, 12)}`, path: everyField(value), opts: {} })),
    ...["99999999999", "-1", "abc", "1e3"].map((value) => ({ label: `pageNumber=${value}`, path: alone("pageNumber", value), opts: {} })),
    ...["tags", "users", "queueIds"].flatMap((name) => [hundred, thousand].map((list) => ({ label: `${JSON.parse(list).length} ${name}`, path: alone(name, list), opts: {} }))),
  ];
}

/** A 4xx must be the one error shape; nothing may be a 5xx. */
function problemOf(label: string, res: { status: number; json: unknown }): string | null {
  const body = res.json as { error?: unknown; message?: unknown } | null;
  if (res.status >= 500) return `${label}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`;
  const shaped = typeof body?.error === "string" && body.error.startsWith("ERR_") && typeof body.message === "string";
  if (res.status >= 400 && !shaped) return `${label}: ${res.status} without the error shape: ${JSON.stringify(body).slice(0, 200)}`;
  return null;
}

let world: Awaited<ReturnType<typeof seedCompany>>;
let host: ReturnType<typeof useFakeHost>;
beforeAll(async () => {
  // A session host that agrees to everything, so routes that call it get past it.
  host = useFakeHost((c) => ({
    body: { ok: true, status: "OPENING", code: "ABCD1234", contacts: [], exists: true, number: "5511999990000", id: (c.body as { id?: string })?.id ?? "X" },
  }));
  world = await seedCompany();
  // Pushes the probes set off (the seeded admin has a device) stay off the queue: nothing listens at its endpoint.
  holdPushJobs();
});
afterAll(() => host.restore());

async function seedCompany() {
  const inbox = await inboxCompany();
  const { company, admin, agent, connection, sales, support, contact } = inbox;
  const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: admin.id, whatsappId: connection.id });
  const message = await createMessageRow(company.id, { ticketId: ticket.id, contactId: contact.id, fromMe: true });
  const tag = await createTag(company.id, { kanban: 1 });
  await tagTicket(company.id, ticket.id, tag.id);
  const note = await createNote(company.id, { ticketId: ticket.id, contactId: contact.id, userId: admin.id });
  const quickMessage = await createQuickMessage(company.id, { userId: admin.id });
  const option = await inTenant(company.id, (db) =>
    db.insert(queueOptions).values({ companyId: company.id, queueId: sales.id, option: "1", title: "Orçamento" }).returning().get(),
  );
  const spareContact = await createContact(company.id);
  const schedule = await inTenant(company.id, (db) =>
    db.insert(schedules).values({ companyId: company.id, contactId: contact.id, body: "Lembrete", sendAt: new Date(Date.now() + 86_400_000), userId: admin.id }).returning().get(),
  );
  const contactList = await inTenant(company.id, (db) => db.insert(contactLists).values({ companyId: company.id, name: "Lista" }).returning().get());
  const listItem = await inTenant(company.id, (db) =>
    db.insert(contactListItems).values({ companyId: company.id, contactListId: contactList.id, name: "Item", number: "5511900001111" }).returning().get(),
  );
  const apiToken = (await call("POST", `/api/whatsapp/${connection.id}/token`, { token: admin.token })).json.token as string;
  /** A row made through the API as the admin (the later features' resources), its id checked. */
  const made = async (path: string, body: Record<string, unknown>) => {
    const res = await call("POST", `/api${path}`, { token: admin.token, body });
    if (res.status >= 300 || typeof res.json?.id !== "number") throw new Error(`seedCompany: POST ${path} → ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.id as number;
  };
  const prompt = await made("/prompt", { name: "Assistente", prompt: "Você é o assistente virtual da loja. Responda com cordialidade e objetividade, em português.", apiKey: "sk-test-0123456789abcdef", queueId: support.id });
  const integration = await made("/queueIntegration", { name: "Fluxo de vendas", urlN8N: "https://typebot.example/api", typebotSlug: "vendas" });
  // Announcements are the platform's (a super user's); the walk's admin reaches them only to be refused or validated.
  const platform = await platformAdmin();
  const announcement = await call("POST", "/api/announcements", { token: platform.user.token, body: { title: "Manutenção", text: "Sábado às 22h" } });
  if (announcement.status !== 201) throw new Error(`seedCompany: POST /announcements → ${announcement.status} ${JSON.stringify(announcement.json)}`);
  const help = await call("POST", "/api/helps", { token: platform.user.token, body: { title: "Primeiros passos", video: "dQw4w9WgXcQ" } });
  if (help.status !== 201) throw new Error(`seedCompany: POST /helps → ${help.status} ${JSON.stringify(help.json)}`);
  const fileList = await made("/files", { name: "Catálogo", message: "Materiais" });
  const fileListFile = await inTenant(company.id, (db) =>
    db.insert(fileListOptions).values({ companyId: company.id, fileListId: fileList, name: "Foto" }).returning().get(),
  );
  const chat = await made("/chats", { title: "Plantão", users: [agent.id] });
  const campaign = await made("/campaigns", { name: "Oferta", whatsappId: connection.id, contactListId: contactList.id, message1: "Olá {nome}" });
  const chatMessage = await made(`/chats/${chat}/messages`, { message: "Bom dia" });
  // A template row (the seeded connection is WhatsApp Web: its template routes refuse, which the walk checks too).
  const template = await inTenant(company.id, (db) =>
    db.insert(whatsappTemplates).values({ companyId: company.id, whatsappId: connection.id, metaId: "1", name: "aviso", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [] }).returning().get(),
  );
  /** The company's own value for each route parameter, by resource and name. */
  const ids: Record<string, string | number> = {
    "plans/:id": company.planId!,
    "companies/:id": company.id,
    "companies/:companyId": company.id,
    "users/:id": agent.id,
    "settings/:key": "userRating",
    "tickets/:id": ticket.id,
    "tickets/:uuid": ticket.uuid,
    "queue/:id": support.id,
    "queue-options/:id": option.id,
    "whatsapp/:id": connection.id,
    "whatsappsession/:id": connection.id,
    "whatsapp/:templateId": template.id,
    "contacts/:id": spareContact.id,
    "tags/:id": tag.id,
    "ticket-tags/:ticketId": ticket.id,
    "ticket-tags/:tagId": tag.id,
    "ticket/:ticketId": ticket.id,
    "quick-messages/:id": quickMessage.id,
    "schedules/:id": schedule.id,
    "contact-lists/:id": contactList.id,
    "contact-list-items/:id": listItem.id,
    "ticket-notes/:id": note.id,
    "messages/:ticketId": ticket.id,
    "messages/:id": message.id,
    "prompt/:id": prompt,
    "announcements/:id": announcement.json.id as number,
    "helps/:id": help.json.id as number,
    // The platform's logos are named by kind, not by id.
    "logos/:kind": "light",
    "settings/:kind": "dark",
    // Issue 28: a session is named by its uuid; the walk's is one nobody has (the admin's own would end the walk).
    "auth/:sessionId": "5f0c1b9e-3c1d-4d6b-9a51-2a4c9b1e7d01",
    "queueIntegration/:id": integration,
    "chats/:id": chat,
    "campaigns/:id": campaign,
    "files/:id": fileList,
    "files/:optionId": fileListFile.id,
    "chats/:messageId": chatMessage,
  };
  // The public API (/api/v1) walks with a company API token of every scope; its ids are keyed by "v1/<resource>".
  const publicToken = (await apiTokenOf(admin)).token;
  const companyToken = (await call("POST", "/api/api-tokens", { token: admin.token, body: { name: "Walk", scopes: ["company:read"] } })).json.apiToken.id as number;
  const hook = (await call("POST", "/api/webhook-subscriptions", { token: admin.token, body: { url: "http://hooks.test/ok", events: ["ticket.created"] } })).json;
  const delivery = (await call("POST", `/api/webhook-subscriptions/${hook.subscription.id}/test`, { token: admin.token })).json;
  // Issue 26: a shared macro (run on the ticket by /tickets/:ticketId/macros/:macroId/run) and an automation rule.
  const macro = await made("/macros", { name: "Agradecer", visibility: "company", actions: [{ type: "addNote", body: "Atendido" }] });
  const rule = await made("/automation-rules", { name: "Prioridade", trigger: { type: "ticketCreated" }, actions: [{ type: "setPriority", priority: "high" }] });
  // Issue 29: a device of the admin's subscribed to Web Push.
  const pushDevice = (await call("POST", "/api/push/subscriptions", { token: admin.token, body: subscriptionBody(await newDevice()) })).json.id as number;
  // Issue 28: a support access to the company (the walk's admin is refused its routes; the id must be real).
  const access = await call("POST", "/api/support-accesses", { token: platform.user.token, body: { companyId: company.id, reason: "Walking the API routes", minutes: 15 } });
  if (access.status !== 201) throw new Error(`seedCompany: POST /support-accesses → ${access.status} ${JSON.stringify(access.json)}`);
  // Issue 27: an import (the platform admin's) into a new company; the walk's admin is refused its routes.
  const fingerprint = `walk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const dataImport = await call("POST", "/api/platform/imports", {
    token: platform.user.token,
    body: { source: { kind: "ticketz", companyId: 3, fingerprint }, target: { newCompany: { name: `Importada ${fingerprint}` }, plan: null } },
  });
  if (dataImport.status !== 201) throw new Error(`seedCompany: POST /platform/imports → ${dataImport.status} ${JSON.stringify(dataImport.json)}`);
  // Issue 27 §3: an export of the company (its download is walked by id, on the session and by signed link).
  const companyExport = await call("POST", "/api/company-exports", { token: admin.token, body: {} });
  if (companyExport.status !== 201) throw new Error(`seedCompany: POST /company-exports → ${companyExport.status} ${JSON.stringify(companyExport.json)}`);
  Object.assign(ids, {
    "platform/:id": dataImport.json.id as number,
    // Issue 30: a session host's id is text; the walk's admin is refused the platform's hosts before it is read.
    "platform/:hostId": "walk-host",
    "company-exports/:id": companyExport.json.id as number,
    "support-accesses/:id": access.json.id as number,
    "push/:id": pushDevice,
    "macros/:id": macro,
    "tickets/:ticketId": ticket.id,
    "tickets/:macroId": macro,
    "automation-rules/:id": rule,
    "api-tokens/:id": companyToken,
    "webhook-subscriptions/:id": hook.subscription.id as number,
    "webhook-deliveries/:id": delivery.deliveryId as number,
    "v1/tickets/:id": ticket.id,
    "v1/tickets/:tagId": tag.id,
    "v1/contacts/:id": spareContact.id,
    "v1/webhooks/:id": hook.subscription.id as number,
  });
  return { ...inbox, ids, apiToken, publicToken };
}

/** The route's path under /api with each parameter the company's own id, or `value` for all of them. */
function pathOf(route: Route, value?: string, ids = world.ids) {
  const segments = route.path.split("/");
  const resource = segments[1] === "v1" ? `v1/${segments[2]}` : segments[1];
  return `/api${route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (value !== undefined) return value;
    const id = ids[`${resource}/:${name}`];
    if (id === undefined) throw new Error(`the walk has no id for :${name} of ${route.method} ${route.path}; add one to seedCompany`);
    return String(id);
  })}`;
}

function probesOf(route: Route, fields: { query: string[]; body: string[] }): Probe[] {
  const probes = route.method === "GET" ? queryProbes(pathOf(route), fields.query) : bodyProbes(pathOf(route), fields.body);
  if (route.path.includes(":")) {
    for (const value of BAD_PATH_IDS) {
      const withBody: CallOptions = route.method === "GET" ? {} : { body: {} };
      probes.push({ label: `:param ${value}`, path: pathOf(route, value), opts: withBody });
    }
  }
  return probes;
}

async function walk(route: Route, fields: { query: string[]; body: string[] }): Promise<string[]> {
  // The external API authenticates with the connection's token, everything else as the admin.
  const token = route.path === "/messages/send" ? world.apiToken : route.path.startsWith("/v1/") ? world.publicToken : world.admin.token;
  const probes = probesOf(route, fields);
  const answers = await Promise.all(probes.map((p) => callInProcess(route.method, p.path, { token, ...p.opts })));
  return probes.flatMap((p, i) => problemOf(`${route.method} ${route.path} with ${p.label}`, answers[i]!) ?? []);
}

describe("the API under bad input", () => {
  it("refuses an update with nothing to change on every PUT that takes a body, naming the body", async () => {
    // Actions that take no body: a connection's restart, a ticket's move to a kanban lane.
    const withoutBody = ["/whatsappsession/:id", "/ticket-tags/:ticketId/:tagId"];
    const puts = apiRoutes().filter((r) => r.method === "PUT" && !withoutBody.includes(r.path));
    expect(puts.length).toBeGreaterThanOrEqual(12);
    const platform = await platformAdmin();
    for (const route of puts) {
      for (const opts of [{ body: {} }, { rawBody: "", headers: { "content-type": "application/json" } }]) {
        let res = await call("PUT", pathOf(route), { token: route.path.startsWith("/v1/") ? world.publicToken : world.admin.token, ...opts });
        // The platform's own records (plans, help videos, announcements) refuse a company admin first, whatever the body.
        if (res.status === 403) res = await call("PUT", pathOf(route), { token: platform.user.token, ...opts });
        expect(res.status, route.path).toBe(400);
        expect(res.json.error, route.path).toBe("ERR_VALIDATION");
        // An update of any subset says the body is empty; one with required fields (a setting's value) names them.
        expect(res.json.fields, route.path).toSatisfy((f: Record<string, string>) => f._ === EMPTY_PATCH || !("_" in f));
      }
    }
  });

  it("answers every route's bad input below 500, each 4xx in the error shape", { timeout: 60_000 }, async () => {
    const fields = contractFields();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    // Deletions after the rest (they empty what other probes read), a sub-resource's before what it belongs to
    // (the longer path first: a connection's token before the connection), and logging out last.
    const logout = routes.filter((r) => r.path === "/auth/logout");
    const deletions = routes.filter((r) => r.method === "DELETE" && !logout.includes(r)).sort((a, b) => b.path.length - a.path.length);
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method !== "DELETE")) problems.push(...(await walk(route, fields)));
    // The probes ran as the admin, not as nobody.
    expect((await call("GET", "/api/auth/me", { token: world.admin.token })).status).toBe(200);
    for (const route of [...deletions, ...logout]) problems.push(...(await walk(route, fields)));
    expect(problems).toEqual([]);
  });
});

/** Probes whose refusal comes before any gate: a body that is not JSON where JSON is expected is 415 (ADR 0017). */
const CONTENT_TYPE_PROBES = new Set(["multipart", "malformed multipart", "text/plain", "a url-encoded form"]);

describe("the order of checks", () => {
  /**
   * A company like the walk's, whose plan then loses every feature flag: its agent (a lesser profile) and its admin
   * (not a platform admin) meet every plan gate, permission and super-only route there is.
   */
  async function lockedCompany() {
    const seeded = await seedCompany();
    const flagsOff = Object.fromEntries(planFlagKeys.map((flag) => [flag, false]));
    await control.update(plans).set(flagsOff).where(eq(plans.id, seeded.company.planId!));
    await hubOf(seeded.company.id).companyChanged(seeded.company.id);
    return seeded;
  }

  it("answers 403 whatever the body wherever a lesser profile, a company admin or a plan without the feature is refused", { timeout: 120_000 }, async () => {
    const locked = await lockedCompany();
    const fields = contractFields();
    // The session's own routes gate nothing (and logging out would end the walk's session).
    // The public API's gate is the token's scope, checked before anything is parsed (publicRoute.ts, its own tests).
    const routes = apiRoutes().filter((r) => r.method !== "GET" && !r.path.startsWith("/auth/") && r.path !== "/messages/send" && !r.path.startsWith("/v1/"));
    const deletions = routes.filter((r) => r.method === "DELETE");
    const problems: string[] = [];
    // The agent first: the admin's walk may delete the agent (DELETE /users/:id).
    for (const profile of [locked.agent, locked.admin]) {
      for (const route of [...routes.filter((r) => r.method !== "DELETE"), ...deletions]) {
        const probes = bodyProbes(pathOf(route, undefined, locked.ids), fields.body).filter((p) => !CONTENT_TYPE_PROBES.has(p.label));
        const answers = await Promise.all(probes.map((p) => callInProcess(route.method, p.path, { token: profile.token, ...p.opts })));
        // Refused for some body, so refused for who asks or what the plan has: then for every body.
        if (!answers.some((a) => a.status === 403)) continue;
        probes.forEach((p, i) => {
          const { status, json } = answers[i]!;
          if (status !== 403) problems.push(`${profile.profile} ${route.method} ${route.path} with ${p.label}: ${status} ${json?.error}`);
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses with 403, before reading the body, an internal chat the plan lacks, another's chat, and a company admin's help videos", async () => {
    const locked = await lockedCompany();
    const { admin, ids } = locked;
    const malformed: CallOptions[] = [{ rawBody: '{"a":', headers: { "content-type": "application/json" } }, { body: { title: 42 } }, { body: {} }, {}];
    for (const opts of malformed) {
      expect((await call("POST", "/api/chats", { token: admin.token, ...opts })).status).toBe(403);
      expect((await call("POST", "/api/helps", { token: admin.token, ...opts })).status).toBe(403);
      expect((await call("PUT", `/api/helps/${ids["helps/:id"]}`, { token: admin.token, ...opts })).status).toBe(403);
    }
    // A chat an admin owns, on a plan with chats: its member (an agent) may not change it, whatever the body.
    const team = await inboxCompany();
    const chat = await call("POST", "/api/chats", { token: team.admin.token, body: { title: "Plantão", users: [team.agent.id] } });
    expect(chat.status).toBe(201);
    for (const opts of malformed) {
      expect((await call("PUT", `/api/chats/${chat.json.id}`, { token: team.agent.token, ...opts })).status).toBe(403);
    }
  });
});
