import { z } from "zod";
import { NOT_TEXT, REQUIRED, TOO_LONG } from "./fieldMessages";
import { platformId } from "./ids";

/**
 * The product's own messages on a Cloud API connection once the customer's 24-hour window has closed (ADR 0050):
 * Meta takes only approved templates then, so each purpose may name one template of the connection and where each of
 * its {{n}} takes its value. GET/PUT /api/whatsapp/:id/automatic-templates.
 */

/**
 * What the product says on its own, grouped as an admin thinks of them: the chatbot's greeting, the out-of-hours
 * answer, notices to the contact (accepted, transferred), the rating request, the closing message, the notice of a
 * ticket closed for inactivity, and scheduled messages.
 */
export const AUTOMATIC_PURPOSES = ["greeting", "outOfHours", "notice", "rating", "completion", "autoClose", "schedule"] as const;
export type AutomaticPurpose = (typeof AUTOMATIC_PURPOSES)[number];

/** Where a template's {{n}} takes its value: the text the product would have sent, the contact's or agent's name… */
export const templateParamSource = z.discriminatedUnion(
  "source",
  [
    z.object({ source: z.literal("message") }),
    z.object({ source: z.literal("contactName") }),
    z.object({ source: z.literal("agentName") }),
    z.object({ source: z.literal("companyName") }),
    z.object({ source: z.literal("ticketId") }),
    z.object({ source: z.literal("text"), text: z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : NOT_TEXT) }).trim().min(1, REQUIRED).max(1024, TOO_LONG) }),
  ],
  { error: "message, contactName, agentName, companyName, ticketId or text" },
);
export type TemplateParamSource = z.infer<typeof templateParamSource>;

export const automaticPurpose = z.enum(AUTOMATIC_PURPOSES, { error: (issue) => (issue.input === undefined ? REQUIRED : `One of ${AUTOMATIC_PURPOSES.join(", ")}`) });

export const automaticTemplateInput = z.object({
  purpose: automaticPurpose,
  /** null: no template for the purpose (its messages are not sent on a closed window). */
  templateId: platformId().nullable(),
  params: z.array(templateParamSource, { error: "Must be a list" }).max(20, "At most 20 values").default([]),
});

/** The connection's whole choice at once: purposes left out (or null) use no template (their messages are not sent on a closed window). */
export const automaticTemplatesInput = z.object({
  uses: z
    .array(automaticTemplateInput, { error: (issue) => (issue.input === undefined ? REQUIRED : "Must be a list") })
    .max(AUTOMATIC_PURPOSES.length)
    .superRefine((uses, ctx) => {
      const seen = new Set<string>();
      uses.forEach((u, i) => {
        if (seen.has(u.purpose)) ctx.addIssue({ code: "custom", path: [i, "purpose"], message: "Each purpose once" });
        seen.add(u.purpose);
      });
    }),
});
export type AutomaticTemplatesInput = z.infer<typeof automaticTemplatesInput>;

/** A purpose's template as the API answers it. */
export type AutomaticTemplateView = { purpose: AutomaticPurpose; templateId: number; templateName: string; params: TemplateParamSource[] };
