import { z } from "zod";
import { platformId } from "./ids";
import { NOT_TEXT, REQUIRED, TOO_LONG, boundedText } from "./fieldMessages";

/**
 * Message templates of a Cloud API connection (ADR 0050; Meta's "message templates" API): what an admin creates
 * (POST /api/whatsapp/:id/templates), what an agent sends once the customer's 24-hour window has closed
 * (POST /api/messages/:ticketId/template), and the view both answer.
 */

/** Meta's rules: lowercase letters, digits and underscores. */
const templateName = boundedText(1, 512).pipe(z.string().regex(/^[a-z0-9_]+$/, "Lowercase letters, digits and _ only"));
/** Meta's language codes ("pt_BR", "en_US", "es"). */
const languageCode = z.string({ error: NOT_TEXT }).regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "A language code such as pt_BR");

/** The {{1}}, {{2}}… of a text, in order of number. */
export function templateVariables(text: string): number[] {
  return [...new Set([...text.matchAll(/\{\{(\d{1,2})\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** A text with each {{n}} replaced by the n-th value given (left as it is when that value is missing or blank). */
export function fillTemplateText(text: string, values: readonly (string | undefined)[]): string {
  return text.replace(/\{\{(\d{1,2})\}\}/g, (whole, n) => values[Number(n) - 1]?.trim() || whole);
}

/** The body's variables numbered 1, 2… in order, with one example each: Meta reviews a template with them. */
export function checkTemplateVariables(v: { body: string; examples: unknown[] }, ctx: z.RefinementCtx) {
  const vars = templateVariables(v.body);
  if (vars.some((n, i) => n !== i + 1)) ctx.addIssue({ code: "custom", path: ["body"], message: "Variables must be {{1}}, {{2}}… in order" });
  if (v.examples.length !== vars.length) ctx.addIssue({ code: "custom", path: ["examples"], message: `One example per variable (${vars.length})` });
}

const button = z.discriminatedUnion("type", [
  z.object({ type: z.literal("QUICK_REPLY"), text: boundedText(1, 25) }),
  z.object({ type: z.literal("URL"), text: boundedText(1, 25), url: z.string().url("Must be a URL").max(2000, TOO_LONG) }),
  z.object({ type: z.literal("PHONE_NUMBER"), text: boundedText(1, 25), phone_number: z.string().regex(/^\+?\d{8,20}$/, "A phone number with country code") }),
]);

/** A media header's kinds, and the files Meta takes as each one's example (its media rules for templates). */
export const TEMPLATE_HEADER_MEDIA = {
  IMAGE: { types: ["image/jpeg", "image/png"], maxBytes: 5 * 1024 * 1024 },
  VIDEO: { types: ["video/mp4", "video/3gpp"], maxBytes: 16 * 1024 * 1024 },
  DOCUMENT: { types: ["application/pdf"], maxBytes: 100 * 1024 * 1024 },
} as const;
export type TemplateHeaderFormat = keyof typeof TEMPLATE_HEADER_MEDIA;
export const templateHeaderFormat = z.enum(["IMAGE", "VIDEO", "DOCUMENT"], { error: "IMAGE, VIDEO or DOCUMENT" });

/** POST /api/whatsapp/:id/templates/header-example: the kind of media header the file is the example of. */
export const templateExampleInput = z.object({ format: templateHeaderFormat });

export const createTemplateInput = z
  .object({
    name: templateName,
    language: languageCode.default("pt_BR"),
    category: z.enum(["MARKETING", "UTILITY", "AUTHENTICATION"], { error: "MARKETING, UTILITY or AUTHENTICATION" }),
    header: boundedText(1, 60).optional(),
    /** A media header instead of a text one: its kind and the handle of its example (POST …/templates/header-example). */
    headerMedia: z.object({ format: templateHeaderFormat, handle: boundedText(1, 2048) }).optional(),
    body: boundedText(1, 1024),
    /** One example per {{n}} of the body, in order (Meta reviews the template with them). */
    examples: z.array(boundedText(1, 200)).max(20).default([]),
    footer: boundedText(1, 60).optional(),
    buttons: z.array(button).max(10, "At most 10 buttons").default([]),
  })
  .superRefine((v, ctx) => {
    checkTemplateVariables(v, ctx);
    if (v.header && v.headerMedia) ctx.addIssue({ code: "custom", path: ["headerMedia"], message: "A text header or a media one, not both" });
  });
export type CreateTemplateInput = z.infer<typeof createTemplateInput>;

/** An agent sends an approved template: its variables' values in order. */
export const sendTemplateInput = z.object({
  templateId: platformId(),
  params: z.array(z.string({ error: NOT_TEXT }).trim().min(1, REQUIRED).max(1024, TOO_LONG)).max(20).default([]),
});
export type SendTemplateInput = z.infer<typeof sendTemplateInput>;

/** A template as the API answers it. */
export type TemplateView = {
  id: number;
  whatsappId: number;
  name: string;
  language: string;
  category: string;
  status: string;
  reason: string | null;
  /** The texts a person reads, with {{n}} where values go. */
  header: string | null;
  /** A media header's kind (its file is chosen at each send), or null. */
  headerFormat: TemplateHeaderFormat | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string }[];
  /** How many values the body takes. */
  variables: number;
  updatedAt: string;
};
