import { z } from "zod";
import { REQUIRED } from "../../../../../worker/contracts/fieldMessages";
import { checkTemplateVariables, createTemplateInput, TEMPLATE_HEADER_MEDIA, type CreateTemplateInput, type TemplateHeaderFormat } from "../../../../../worker/contracts/whatsappTemplates";
import { pickedFile, removeFile } from "../../../components/form/FileField";
import { formatBytes } from "../../../lib/files";
import { messageWith } from "../../../lib/form-errors";
import "../texts";

/** The header a template has: none, a text, or a media kind whose example file Meta reviews. */
export const HEADER_KINDS = ["NONE", "TEXT", "IMAGE", "VIDEO", "DOCUMENT"] as const;
export type HeaderKind = (typeof HEADER_KINDS)[number];
export const isMediaHeader = (kind: string | undefined): kind is TemplateHeaderFormat => kind === "IMAGE" || kind === "VIDEO" || kind === "DOCUMENT";

/** Meta's language codes offered first (others come in by a sync). */
export const TEMPLATE_LANGUAGES = [
  { value: "pt_BR", label: "Português (Brasil)" },
  { value: "en_US", label: "English (US)" },
  { value: "es", label: "Español" },
  { value: "es_MX", label: "Español (México)" },
] as const;

/**
 * The new template's form: the contract's fields and rules (worker/contracts/whatsappTemplates.ts: Meta's name rule,
 * {{1}}, {{2}}… in order with one example each, the buttons' kinds), and the page's own: which header, its text or
 * its example file (of the kind's types and size, Meta's media rules).
 */
export function templateFormSchema(lang: string) {
  const { name, language, category, header, body, examples, footer, buttons } = createTemplateInput.shape;
  return z
    .object({
      name,
      language,
      category,
      headerKind: z.enum(HEADER_KINDS).default("NONE"),
      header,
      headerFile: pickedFile(TEMPLATE_HEADER_MEDIA.DOCUMENT.maxBytes, lang),
      headerFileRemove: removeFile,
      body,
      examples,
      footer,
      buttons,
    })
    .superRefine((v, ctx) => {
      checkTemplateVariables(v, ctx);
      if (v.headerKind === "TEXT" && !v.header) ctx.addIssue({ code: "custom", path: ["header"], message: REQUIRED });
      if (!isMediaHeader(v.headerKind)) return;
      const rule = TEMPLATE_HEADER_MEDIA[v.headerKind];
      if (!v.headerFile) ctx.addIssue({ code: "custom", path: ["headerFile"], message: "connections.templates.dialog.fileRequired" });
      else if (!(rule.types as readonly string[]).includes(v.headerFile.type)) {
        ctx.addIssue({ code: "custom", path: ["headerFile"], message: messageWith("connections.templates.dialog.fileType", { types: rule.types.map((t) => t.split("/")[1]!.toUpperCase()).join(", ") }) });
      } else if (v.headerFile.size > rule.maxBytes) {
        ctx.addIssue({ code: "custom", path: ["headerFile"], message: messageWith("quickMessages.dialog.tooLarge", { size: formatBytes(rule.maxBytes, lang) }) });
      }
    });
}
export type TemplateFormValue = z.output<ReturnType<typeof templateFormSchema>>;

/** The form's value as the API takes it: only the chosen header, a media one by the handle its example got. */
export function toTemplateInput(value: TemplateFormValue, mediaHandle?: string): Partial<CreateTemplateInput> {
  const { headerKind, header, headerFile: _file, headerFileRemove: _remove, ...rest } = value;
  return {
    ...rest,
    ...(headerKind === "TEXT" && header ? { header } : {}),
    ...(isMediaHeader(headerKind) && mediaHandle ? { headerMedia: { format: headerKind, handle: mediaHandle } } : {}),
  };
}
