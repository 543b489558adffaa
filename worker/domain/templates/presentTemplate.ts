import type { TemplateView } from "../../contracts/whatsappTemplates";
import { templateVariables } from "../../contracts/whatsappTemplates";
import type { WhatsappTemplate } from "../../db/tenant";

type Component = { type?: string; format?: string; text?: string; buttons?: { type?: string; text?: string }[] };

const MEDIA_FORMATS: readonly string[] = ["IMAGE", "VIDEO", "DOCUMENT"];
const mediaFormatOf = (header: Component | undefined): TemplateView["headerFormat"] => {
  const format = header?.format?.toUpperCase() ?? "";
  return MEDIA_FORMATS.includes(format) ? (format as TemplateView["headerFormat"]) : null;
};

const componentOf = (components: unknown[], type: string) => (components as Component[]).find((c) => c?.type?.toUpperCase() === type);

/** A template's texts as a person reads them, from Meta's components. */
export function presentTemplate(row: WhatsappTemplate): TemplateView {
  const header = componentOf(row.components, "HEADER");
  const body = componentOf(row.components, "BODY")?.text ?? "";
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    reason: row.reason,
    header: header && (header.format ?? "TEXT").toUpperCase() === "TEXT" ? (header.text ?? null) : null,
    headerFormat: mediaFormatOf(header),
    body,
    footer: componentOf(row.components, "FOOTER")?.text ?? null,
    buttons: (componentOf(row.components, "BUTTONS")?.buttons ?? []).map((b) => ({ type: b.type ?? "", text: b.text ?? "" })),
    variables: templateVariables(body).length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The body with its {{n}} replaced by the values given: what the chat shows of a template that was sent. */
export function renderTemplate(view: Pick<TemplateView, "header" | "body" | "footer">, params: string[]): string {
  const fill = (text: string) => text.replace(/\{\{(\d{1,2})\}\}/g, (whole, n) => params[Number(n) - 1] ?? whole);
  return [view.header ? `*${fill(view.header)}*` : null, fill(view.body), view.footer ? `_${view.footer}_` : null].filter(Boolean).join("\n\n");
}
