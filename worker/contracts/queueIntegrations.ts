import { z } from "zod";
import { platformIdText } from "./ids";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG, requiredOr } from "./fieldMessages";

export { pagedSearchQuery as listQueueIntegrationsQuery, type PagedSearchQuery as ListQueueIntegrationsQuery } from "./paging";

export const INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;


/** Spec 002: name 2-50 ('Too Short!', 'Too Long!', 'Required'). */
const name = z.string({ error: requiredOr(NOT_TEXT) }).trim().min(1, REQUIRED).min(2, TOO_SHORT).max(50, TOO_LONG);
const text = (max: number) => z.string({ error: NOT_TEXT }).trim().max(max, TOO_LONG);
const url = z
  .string({ error: requiredOr("Must be a URL") })
  .trim()
  .max(2000, TOO_LONG)
  .refine((v) => v === "" || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v), "Must be an http(s) URL");
const whole = (min: number, max: number) => z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`);

/**
 * The dialog's fields (spec 002); which are required depends on the type: dialogflow needs projectName and
 * jsonContent (a service account's JSON), n8n and webhook urlN8N, typebot urlN8N and typebotSlug. POST and PUT take
 * the whole form; on PUT a blank jsonContent keeps the saved one (it is never answered back).
 */
const fields = z.object({
  type: z.enum(INTEGRATION_TYPES, { error: "Unknown type" }).default("typebot"),
  name,
  projectName: text(200).default(""),
  jsonContent: text(20_000).default(""),
  language: z.enum(INTEGRATION_LANGUAGES, { error: "Unknown language" }).default("pt-BR"),
  urlN8N: url.default(""),
  typebotSlug: text(200).default(""),
  typebotExpires: whole(0, 100_000).default(1),
  typebotDelayMessage: whole(0, 60_000).default(1000),
  typebotKeywordFinish: text(100).default(""),
  typebotKeywordRestart: text(100).default(""),
  typebotRestartMessage: text(1000).default(""),
  typebotUnknownMessage: text(1000).default(""),
});

function requireByType(body: z.infer<typeof fields>, ctx: z.core.$RefinementCtx, opts: { jsonContentOptional: boolean }) {
  const need = (key: keyof typeof body) => {
    if (body[key] === "") ctx.addIssue({ code: "custom", path: [key], message: REQUIRED });
  };
  if (body.type === "dialogflow") {
    need("projectName");
    if (!opts.jsonContentOptional) need("jsonContent");
    if (body.jsonContent) {
      try {
        const parsed = JSON.parse(body.jsonContent) as { client_email?: unknown; private_key?: unknown };
        if (typeof parsed.client_email !== "string" || typeof parsed.private_key !== "string") throw new Error();
      } catch {
        ctx.addIssue({ code: "custom", path: ["jsonContent"], message: "Must be a service account's JSON key" });
      }
    }
  } else {
    need("urlN8N");
    if (body.type === "typebot") need("typebotSlug");
  }
}

export const createQueueIntegrationInput = fields.superRefine((b, ctx) => requireByType(b, ctx, { jsonContentOptional: false }));
export type CreateQueueIntegrationInput = z.infer<typeof createQueueIntegrationInput>;
export const updateQueueIntegrationInput = fields.superRefine((b, ctx) => requireByType(b, ctx, { jsonContentOptional: true }));
export type UpdateQueueIntegrationInput = z.infer<typeof updateQueueIntegrationInput>;

/** An integration as the API answers it: never the service account's JSON nor the signing secret. */
export interface QueueIntegrationView {
  id: number;
  type: (typeof INTEGRATION_TYPES)[number];
  name: string;
  projectName: string;
  /** "" always; hasJsonContent says whether one is saved. */
  jsonContent: string;
  hasJsonContent: boolean;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  createdAt: string;
  updatedAt: string;
  /** Only in the answer to the creation of an n8n or webhook integration: the signing secret, shown once. */
  secret?: string;
}

/**
 * POST /queueIntegration/testSession (spec 002: projectName, jsonContent, language): one exchange with the
 * Dialogflow agent. A blank jsonContent with the `id` of a saved integration tests that one's service account (the
 * dialog never gets it back); `text` is what is said to the agent (default "Olá").
 */
export const testSessionInput = z
  .object({
    id: platformIdText().optional(),
    projectName: text(200).default(""),
    jsonContent: text(20_000).default(""),
    language: z.enum(INTEGRATION_LANGUAGES, { error: "Unknown language" }).default("pt-BR"),
    text: text(256).default(""),
  })
  .superRefine((b, ctx) => {
    if (!b.projectName) ctx.addIssue({ code: "custom", path: ["projectName"], message: REQUIRED });
    if (!b.jsonContent && !b.id) ctx.addIssue({ code: "custom", path: ["jsonContent"], message: REQUIRED });
  });
export type TestSessionInput = z.infer<typeof testSessionInput>;

/** What the test came to: the agent's answer, or why there was none. Never the service account. */
export type TestSessionResult =
  | { ok: true; texts: string[]; intent: string | null; endInteraction: boolean }
  | { ok: false; reason: string; status: number | null; message: string };
