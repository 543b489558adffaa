import { Hono } from "hono";
import {
  addTagToContactListInput,
  contactListInput,
  createContactListItemInput,
  listContactListItemsQuery,
  listContactListsQuery,
  startContactListCheckInput,
  updateContactListItemInput,
} from "../../contracts/contactLists";
import { importContactsInput, MAX_IMPORT_FILE_BYTES } from "../../contracts/contacts";
import { importContactListRows } from "../../domain/contactLists/importContactListRows";
import { addTagToContactList } from "../../domain/contactLists/addTagToContactList";
import { deleteContactList } from "../../domain/contactLists/deleteContactList";
import { deleteContactListItem } from "../../domain/contactLists/deleteContactListItem";
import { getContactList } from "../../domain/contactLists/getContactList";
import { getContactListCheck } from "../../domain/contactLists/getContactListCheck";
import { startContactListCheck } from "../../domain/contactLists/startContactListCheck";
import { getContactListItem } from "../../domain/contactLists/getContactListItem";
import { importContactListSheet } from "../../domain/contactLists/importContactListSheet";
import { listAllContactLists, listContactLists } from "../../domain/contactLists/listContactLists";
import { listContactListItems } from "../../domain/contactLists/listContactListItems";
import { createContactList, updateContactList } from "../../domain/contactLists/saveContactList";
import { createContactListItem, updateContactListItem } from "../../domain/contactLists/saveContactListItem";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv, withParams } from "../http";

/** /api/contact-lists: the campaigns' recipient lists (spec 002), their import and the contacts of a tag. */
export const contactListRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listContactLists({ ctx: c.get("ctx"), input: query(c, listContactListsQuery) })))
  .get("/list", async (c) => c.json(await listAllContactLists({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getContactList({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => c.json(await createContactList({ ctx: c.get("ctx"), input: await jsonBody(c, contactListInput) }), 201))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateContactList({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, contactListInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteContactList({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Contact list deleted" });
  })
  .post("/:id/upload", async (c) => {
    const id = idParam(c);
    const file = formFile(await formBody(c, { maxBytes: MAX_IMPORT_FILE_BYTES }), "file", { maxBytes: MAX_IMPORT_FILE_BYTES });
    return c.json(await importContactListSheet({ ctx: c.get("ctx"), input: { id, file } }));
  })
  .post("/:id/import", async (c) => {
    const id = idParam(c);
    const body = await jsonBody(c, importContactsInput);
    // Read when the verb reads it, after its gates (jsonBody).
    const input = { id, get rows() { return body.rows.map((r, i) => ({ ...r, row: r.row ?? i + 1 })); } };
    return c.json(await importContactListRows({ ctx: c.get("ctx"), input }));
  })
  .get("/:id/whatsapp-check", async (c) => c.json(await getContactListCheck({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/whatsapp-check", async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, startContactListCheckInput);
    return c.json(await startContactListCheck({ ctx: c.get("ctx"), input: withParams(input, { id }) }), 202);
  })
  .post("/:id/add-tag", async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, addTagToContactListInput);
    return c.json(await addTagToContactList({ ctx: c.get("ctx"), input: withParams(input, { id }) }));
  });

/** /api/contact-list-items: a list's recipients (spec 002). */
export const contactListItemRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listContactListItems({ ctx: c.get("ctx"), input: query(c, listContactListItemsQuery) })))
  .get("/:id", async (c) => c.json(await getContactListItem({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => c.json(await createContactListItem({ ctx: c.get("ctx"), input: await jsonBody(c, createContactListItemInput) }), 201))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateContactListItem({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, updateContactListItemInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteContactListItem({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Contact list item deleted" });
  });
