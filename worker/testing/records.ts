import { quickMessages, tags, ticketNotes, ticketTags } from "../db/tenant";
import { inTenant, ORIGIN } from "./fixtures";

let seq = 0;

export async function createTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  seq++;
  const name = `Etiqueta ${seq}`;
  return inTenant(companyId, (db) => db.insert(tags).values({ companyId, name, color: "#A4CCCC", ...overrides }).returning().get());
}

export async function tagTicket(companyId: number, ticketId: number, tagId: number) {
  await inTenant(companyId, (db) => db.insert(ticketTags).values({ ticketId, tagId }).run());
}

export async function createQuickMessage(companyId: number, overrides: Partial<typeof quickMessages.$inferInsert> = {}) {
  seq++;
  const n = seq;
  return inTenant(companyId, (db) =>
    db.insert(quickMessages).values({ companyId, shortcode: `atalho${n}`, message: `Mensagem ${n}`, ...overrides }).returning().get(),
  );
}

export async function createNote(
  companyId: number,
  values: Pick<typeof ticketNotes.$inferInsert, "ticketId" | "contactId"> & Partial<typeof ticketNotes.$inferInsert>,
) {
  seq++;
  const note = `Observação ${seq}`;
  return inTenant(companyId, (db) => db.insert(ticketNotes).values({ companyId, note, ...values }).returning().get());
}

/** A multipart body with one file, as a browser's FormData would post it. */
export function formWithFile(field: string, content: BlobPart, fileName: string, type = "application/octet-stream", extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append(field, new File([content], fileName, { type }));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** Calls the worker and hands back the Response itself, for bodies that are not JSON (CSV, media). */
export async function rawCall(method: string, path: string, token?: string) {
  const { exports } = await import("cloudflare:workers");
  const worker = (exports as unknown as { default: { fetch(r: Request): Promise<Response> } }).default;
  const headers = new Headers();
  if (token) headers.set("authorization", `Bearer ${token}`);
  return worker.fetch(new Request(`${ORIGIN}${path}`, { method, headers }));
}
