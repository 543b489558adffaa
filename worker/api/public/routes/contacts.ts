import { contactPath, createPublicContactBody, listPublicContactsQuery, setPublicConsentBody, updatePublicContactBody } from "../../../contracts/publicApi/contacts";
import { setContactConsent } from "../../../domain/consent/setContactConsent";
import { publicContact, publicPage } from "../../../contracts/publicApi/resources";
import { createContact } from "../../../domain/contacts/createContact";
import { getContact } from "../../../domain/contacts/getContact";
import { updateContact } from "../../../domain/contacts/updateContact";
import { listContactsPage } from "../../../domain/publicApi/listContactsPage";
import { presentPublicContact } from "../../../domain/publicApi/present";
import { publicRoute } from "../publicRoute";
import { EXAMPLE_CONTACT } from "./examples";

/** Contacts (issue 25): find and read them [contacts:read], create and edit them [contacts:write], as the contacts page does. */
export const contactRoutes = [
  publicRoute(
    {
      method: "get",
      path: "/contacts",
      operationId: "listContacts",
      summary: "List or find contacts",
      description:
        "By name then id; follow `cursor` to the next page. `q` searches name, number and email as the contacts page does (a number typed any way); `number` finds the contact with exactly that number.",
      tag: "Contacts",
      scope: "contacts:read",
      query: listPublicContactsQuery,
      response: { status: 200, schema: publicPage(publicContact), example: { items: [EXAMPLE_CONTACT], cursor: null } },
      errors: [],
    },
    async ({ ctx, query }) => {
      const page = await listContactsPage({ ctx, input: query });
      return { items: page.items.map(presentPublicContact), cursor: page.cursor };
    },
  ),
  publicRoute(
    {
      method: "get",
      path: "/contacts/:id",
      operationId: "getContact",
      summary: "Get a contact",
      tag: "Contacts",
      scope: "contacts:read",
      params: contactPath,
      response: { status: 200, schema: publicContact, example: EXAMPLE_CONTACT },
      errors: ["ERR_NO_CONTACT_FOUND"],
    },
    async ({ ctx, params }) => presentPublicContact(await getContact({ ctx, input: { id: params.id } })),
  ),
  publicRoute(
    {
      method: "post",
      path: "/contacts",
      operationId: "createContact",
      summary: "Create a contact",
      description:
        "The number is stored as international digits (read Brazilian first: \"(11) 99999-8888\" is 5511999998888). A number the company already has answers 409 ERR_DUPLICATED_CONTACT with that contact's `contactId`.",
      tag: "Contacts",
      scope: "contacts:write",
      body: createPublicContactBody,
      response: { status: 201, schema: publicContact, example: EXAMPLE_CONTACT },
      errors: ["ERR_DUPLICATED_CONTACT"],
    },
    async ({ ctx, body }) => presentPublicContact(await createContact({ ctx, input: body })),
  ),
  publicRoute(
    {
      method: "put",
      path: "/contacts/:id",
      operationId: "updateContact",
      summary: "Update a contact",
      description: "Any of the fields; `extraInfo`, when given, replaces the contact's list.",
      tag: "Contacts",
      scope: "contacts:write",
      params: contactPath,
      body: updatePublicContactBody,
      response: { status: 200, schema: publicContact, example: EXAMPLE_CONTACT },
      errors: ["ERR_NO_CONTACT_FOUND", "ERR_DUPLICATED_CONTACT"],
    },
    async ({ ctx, params, body }) => presentPublicContact(await updateContact({ ctx, input: { id: params.id, patch: body } })),
  ),
  publicRoute(
    {
      method: "put",
      path: "/contacts/:id/consent",
      operationId: "setContactConsent",
      summary: "Grant or revoke a contact's marketing consent",
      description:
        "`granted` or `revoked`, recorded with how `api`, the time and the token's maker, kept in the contact's consent history and the company's audit log. A revoked contact is skipped by campaigns and marketing schedules (their reports say so). Setting the state the contact already has changes nothing.",
      tag: "Contacts",
      scope: "contacts:write",
      params: contactPath,
      body: setPublicConsentBody,
      response: { status: 200, schema: publicContact, example: EXAMPLE_CONTACT },
      errors: ["ERR_NO_CONTACT_FOUND"],
    },
    async ({ ctx, caller, params, body }) =>
      presentPublicContact(await setContactConsent({ ctx, input: { id: params.id, consent: body, via: "api", apiTokenId: caller.tokenId } })),
  ),
];
