import type { AuditEntryView, AuditExportQuery, PlatformAuditEntryView } from "../../contracts/audit";
import type { AuditDetail } from "../../contracts/audit";
import { csvDialect, csvDocument, csvRow, type CsvDialect, type CsvValue } from "../shared/csv";

/** Entries read per page while streaming an export. */
export const EXPORT_CHUNK = 500;

const HEADERS: Record<AuditExportQuery["lang"], string[]> = {
  "pt-BR": ["Quando (UTC)", "Tipo de autor", "Autor", "ID do autor", "Ação", "Resultado", "Alvo", "ID do alvo", "Nome do alvo", "Endereço", "Dispositivo", "Detalhes"],
  en: ["When (UTC)", "Actor kind", "Actor", "Actor ID", "Action", "Outcome", "Target", "Target ID", "Target name", "Address", "Device", "Detail"],
  es: ["Cuándo (UTC)", "Tipo de autor", "Autor", "ID del autor", "Acción", "Resultado", "Objetivo", "ID del objetivo", "Nombre del objetivo", "Dirección", "Dispositivo", "Detalles"],
};
const COMPANY_HEADER: Record<AuditExportQuery["lang"], string> = { "pt-BR": "Empresa", en: "Company", es: "Empresa" };

function detailText(detail: AuditDetail): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}=${v === null ? "" : String(v)}`)
    .join("; ");
}

function fieldsOf(e: AuditEntryView): CsvValue[] {
  return [e.createdAt, e.actorKind, e.actorName, e.actorId, e.action, e.outcome, e.targetType, e.targetId, e.targetLabel, e.ip, e.userAgent, detailText(e.detail)];
}

/**
 * A log as CSV in the reader's language and dialect (shared/csv.ts), streamed: a page of EXPORT_CHUNK entries at a
 * time, newest first, from `readPage` (the company's hub or D1), so a long log never sits in memory at once.
 */
export function auditCsvStream<E extends AuditEntryView>(
  lang: AuditExportQuery["lang"],
  readPage: (cursor: number | undefined) => Promise<{ items: E[]; cursor: number | null }>,
  withCompany = false,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const dialect: CsvDialect = csvDialect(lang);
  const row = (e: E) => csvRow(withCompany ? [...fieldsOf(e), (e as unknown as PlatformAuditEntryView).companyName] : fieldsOf(e), dialect);
  let cursor: number | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const headers = withCompany ? [...HEADERS[lang], COMPANY_HEADER[lang]] : HEADERS[lang];
        controller.enqueue(encoder.encode(csvDocument([headers], dialect)));
        return;
      }
      const page = await readPage(cursor);
      if (page.items.length > 0) controller.enqueue(encoder.encode(page.items.map(row).join("")));
      if (page.cursor === null) controller.close();
      else cursor = page.cursor;
    },
  });
}

/** The filters of an export, as the entry recording it keeps them. */
export function exportFilterDetail(input: AuditExportQuery): AuditDetail {
  return {
    action: input.action.join(",") || null,
    actorId: input.actorId ?? null,
    from: input.from?.toISOString() ?? null,
    to: input.to?.toISOString() ?? null,
  };
}
