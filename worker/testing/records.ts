import { quickMessages, tags, ticketNotes, ticketTags } from "../db/schema";
import { db, ORIGIN } from "./fixtures";

let seq = 0;

export async function createTag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
  seq++;
  return db.insert(tags).values({ companyId, name: `Etiqueta ${seq}`, color: "#A4CCCC", ...overrides }).returning().get();
}

export async function tagTicket(ticketId: number, tagId: number) {
  await db.insert(ticketTags).values({ ticketId, tagId });
}

export async function createQuickMessage(companyId: number, overrides: Partial<typeof quickMessages.$inferInsert> = {}) {
  seq++;
  return db.insert(quickMessages).values({ companyId, shortcode: `atalho${seq}`, message: `Mensagem ${seq}`, ...overrides }).returning().get();
}

export async function createNote(
  companyId: number,
  values: Pick<typeof ticketNotes.$inferInsert, "ticketId" | "contactId"> & Partial<typeof ticketNotes.$inferInsert>,
) {
  seq++;
  return db.insert(ticketNotes).values({ companyId, note: `Observação ${seq}`, ...values }).returning().get();
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
