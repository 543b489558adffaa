import { z } from "zod";
import { platformId, platformIdText } from "./ids";
import { contactEmail } from "./contacts";
import { pagedSearchQuery } from "./paging";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

export { pagedSearchQuery as listContactListsQuery } from "./paging";

/** Spec 002: contact list names 2-50 ('Too Short!', 'Too Long!', 'Required'). */
const listName = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(2, TOO_SHORT)
  .max(50, TOO_LONG);

export const contactListInput = z.object({ name: listName });
export type ContactListInput = z.infer<typeof contactListInput>;

/** Spec 002: item name 2-50, number 8-50 characters, email valid ('Invalid email'). */
const itemName = listName;
const itemNumber = z
  .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
  .trim()
  .min(1, REQUIRED)
  .min(8, TOO_SHORT)
  .max(50, TOO_LONG);
const variables = z
  .record(z.string().trim().min(1).max(40), z.string().max(1000, TOO_LONG), { error: "Must be an object of texts" })
  .refine((v) => Object.keys(v).length <= 20, "At most 20 variables");

export const createContactListItemInput = z.object({
  contactListId: platformId("Must be a list id", REQUIRED),
  name: itemName,
  number: itemNumber,
  email: contactEmail.default(""),
  variables: variables.default({}),
});
export type CreateContactListItemInput = z.infer<typeof createContactListItemInput>;

export const updateContactListItemInput = patchOf({
  name: itemName.optional(),
  number: itemNumber.optional(),
  email: contactEmail.optional(),
  variables: variables.optional(),
});
export type UpdateContactListItemInput = z.infer<typeof updateContactListItemInput>;

/** GET /contact-list-items: searchParam, pageNumber and the list (spec 002). */
export const listContactListItemsQuery = pagedSearchQuery.extend({
  contactListId: platformIdText("Must be a list id", REQUIRED),
  /** Only the items with this WhatsApp check result ("unchecked": never checked). */
  whatsappCheck: z.enum(["valid", "invalid", "unknown", "unchecked"], { error: "Must be valid, invalid, unknown or unchecked" }).optional(),
});

/** POST /contact-lists/:id/whatsapp-check: the connection that asks WhatsApp (absent or null: the default one). */
export const startContactListCheckInput = z.object({
  whatsappId: platformId("Must be a connection id").nullable().optional(),
});
export type StartContactListCheckInput = z.infer<typeof startContactListCheckInput>;
export type ListContactListItemsQuery = z.infer<typeof listContactListItemsQuery>;

/** POST /contact-lists/:id/add-tag: every contact with a ticket that carries the tag joins the list. */
export const addTagToContactListInput = z.object({
  tagId: platformId("Must be a tag id", REQUIRED),
});
