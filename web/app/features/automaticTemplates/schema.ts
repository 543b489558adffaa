import { z } from "zod";
import { fillTemplateText } from "../../../../worker/contracts/whatsappTemplates";
import {
  AUTOMATIC_PURPOSES,
  automaticPurpose,
  templateParamSource,
  type AutomaticTemplatesInput,
  type AutomaticTemplateView,
  type TemplateParamSource,
} from "../../../../worker/contracts/automaticTemplates";

/** The select's value for "no template": the purpose's messages are not sent on a closed window. */
export const NO_TEMPLATE = "none";

export const PARAM_SOURCES = [
  "message",
  "contactName",
  "agentName",
  "companyName",
  "ticketId",
  "text",
] as const satisfies readonly TemplateParamSource["source"][];

/** One row per purpose, always all of them, in the contract's order: the server's "uses.<i>" names the same row. */
export const automaticTemplatesFormSchema = z.object({
  uses: z.array(
    z.object({
      purpose: automaticPurpose,
      templateId: z.string().default(NO_TEMPLATE),
      params: z.array(templateParamSource).default([]),
    }),
  ),
});
export type AutomaticTemplatesForm = z.input<typeof automaticTemplatesFormSchema>;

export function formValueOf(uses: AutomaticTemplateView[]): AutomaticTemplatesForm {
  return {
    uses: AUTOMATIC_PURPOSES.map((purpose) => {
      const use = uses.find((u) => u.purpose === purpose);
      return {
        purpose,
        templateId: use ? String(use.templateId) : NO_TEMPLATE,
        params: use?.params ?? [],
      };
    }),
  };
}

export function payloadOf(value: z.output<typeof automaticTemplatesFormSchema>): AutomaticTemplatesInput {
  return {
    uses: value.uses.map((use) => ({
      purpose: use.purpose,
      templateId: use.templateId === NO_TEMPLATE ? null : Number(use.templateId),
      params: use.templateId === NO_TEMPLATE ? [] : use.params,
    })),
  };
}

/** A new template's rows: its first value is the text the product would have said, the rest the contact's name. */
export function defaultParams(count: number): TemplateParamSource[] {
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? { source: "message" } : { source: "contactName" }));
}

/**
 * The template's body as the customer would read it, each {{n}} shown as where its value comes from
 * (`labelOf` names a source in the user's language).
 */
export function previewOf(
  body: string,
  params: readonly (Partial<TemplateParamSource> | undefined)[],
  labelOf: (source: TemplateParamSource["source"]) => string,
): string {
  const shown = params.map((param) => {
    if (!param?.source) return undefined;
    if (param.source === "text" && "text" in param && param.text) return param.text;
    return `[${labelOf(param.source)}]`;
  });
  return fillTemplateText(body, shown);
}
