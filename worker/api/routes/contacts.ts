import { Hono } from "hono";
import {
  bulkDeleteContactsInput,
  contactPickerQuery,
  createContactInput,
  exportContactsQuery,
  importContactsInput,
  importFromPhoneInput,
  listContactsQuery,
  MAX_IMPORT_FILE_BYTES,
  updateContactInput,
} from "../../contracts/contacts";
import { createContact } from "../../domain/contacts/createContact";
import { deleteContact } from "../../domain/contacts/deleteContact";
import { deleteContacts } from "../../domain/contacts/deleteContacts";
import { exportContactsCsv } from "../../domain/contacts/exportContactsCsv";
import { getContact } from "../../domain/contacts/getContact";
import { importContacts } from "../../domain/contacts/importContacts";
import { importContactSheet } from "../../domain/contacts/importContactSheet";
import { importContactsFromPhone } from "../../domain/contacts/importContactsFromPhone";
import { listContactPicker } from "../../domain/contacts/listContactPicker";
import { listContacts } from "../../domain/contacts/listContacts";
import { updateContact } from "../../domain/contacts/updateContact";
import { eraseContact } from "../../domain/privacy/eraseContact";
import { exportContact } from "../../domain/privacy/exportContact";
import { eraseContactInput } from "../../contracts/privacy";
import { setConsentInput } from "../../contracts/consent";
import { getContactConsent } from "../../domain/consent/getContactConsent";
import { setContactConsent } from "../../domain/consent/setContactConsent";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/contacts: the contacts page, the pickers' list, imports and the CSV export. */
export const contactRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listContacts({ ctx: c.get("ctx"), input: query(c, listContactsQuery) })))
  .get("/list", async (c) => c.json(await listContactPicker({ ctx: c.get("ctx"), input: query(c, contactPickerQuery) })))
  .get("/export.csv", (c) =>
    c.body(exportContactsCsv({ ctx: c.get("ctx"), input: query(c, exportContactsQuery) }), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="contacts.csv"',
      "cache-control": "no-store",
    }),
  )
  .post("/import", async (c) => {
    const body = await jsonBody(c, importContactsInput);
    // Read when the verb reads it, after its gates (jsonBody).
    const input = { get rows() { return body.rows.map((r, i) => ({ row: r.row ?? i + 1, name: r.name, number: r.number, email: r.email, consent: r.consent })); } };
    return c.json(await importContacts({ ctx: c.get("ctx"), input }));
  })
  .post("/import-phone", async (c) => {
    const input = await jsonBody(c, importFromPhoneInput);
    return c.json(await importContactsFromPhone({ ctx: c.get("ctx"), input }));
  })
  .post("/upload", async (c) => {
    const form = await formBody(c, { maxBytes: MAX_IMPORT_FILE_BYTES });
    const file = formFile(form, "file", { maxBytes: MAX_IMPORT_FILE_BYTES });
    return c.json(await importContactSheet({ ctx: c.get("ctx"), input: { file } }));
  })
  .post("/bulk-delete", async (c) => {
    const input = await jsonBody(c, bulkDeleteContactsInput);
    return c.json(await deleteContacts({ ctx: c.get("ctx"), input }));
  })
  .get("/:id/consent", async (c) => c.json(await getContactConsent({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .put("/:id/consent", async (c) => {
    const id = idParam(c);
    const consent = await jsonBody(c, setConsentInput);
    return c.json(await setContactConsent({ ctx: c.get("ctx"), input: { id, consent, via: "agent" } }));
  })
  .get("/:id", async (c) => c.json(await getContact({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  // A contact's data (issue 28): the archive of everything about them, and the erasure of their personal data.
  .get("/:id/export", async (c) => {
    const { fileName, bytes } = await exportContact({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    });
  })
  .post("/:id/erase", async (c) => {
    const id = idParam(c);
    const body = await jsonBody(c, eraseContactInput);
    return c.json(await eraseContact({ ctx: c.get("ctx"), input: { id, body } }));
  })
  .post("/", async (c) => {
    const input = await jsonBody(c, createContactInput);
    return c.json(await createContact({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateContactInput);
    return c.json(await updateContact({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteContact({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Contact deleted" });
  });
