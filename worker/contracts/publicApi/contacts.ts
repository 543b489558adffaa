import { z } from "zod";
import { setConsentInput } from "../consent";
import { createContactInput, updateContactInput } from "../contacts";
import { TOO_LONG } from "../fieldMessages";
import { platformIdText } from "../ids";
import { publicPageQuery } from "./paging";

/** The public API's contact inputs (issue 25): the contact dialog's own contracts, so the rules are the UI's. */

export const contactPath = z.object({ id: platformIdText() });

/** GET /contacts: by name then id; `q` searches name, number and email as the contacts page does; `number` is exact. */
export const listPublicContactsQuery = publicPageQuery.extend({
  q: z.string().trim().max(200, TOO_LONG).optional(),
  /** The contact with this number, typed any way the contact dialog takes it ("+55 11 99999-8888"). */
  number: z.string().trim().max(50, TOO_LONG).optional(),
});
export type ListPublicContactsQuery = z.infer<typeof listPublicContactsQuery>;

/** POST /contacts: name, number, and optionally email, disableBot and extraInfo (name/value pairs). */
export const createPublicContactBody = createContactInput;
/** PUT /contacts/:id: any of them; extraInfo, when given, replaces the contact's list. */
export const updatePublicContactBody = updateContactInput;
/** PUT /contacts/:id/consent: grant or revoke the contact's marketing consent (recorded how "api", audited). */
export const setPublicConsentBody = setConsentInput;
