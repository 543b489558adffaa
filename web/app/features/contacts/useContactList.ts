import { useCallback } from "react";
import type { ConsentState } from "../../../../worker/contracts/consent";
import { useRealtimeEvent } from "../../lib/realtime";
import { getContact, listContacts } from "./api";
import { usePagedList } from "../../components/list";
import type { ContactRow } from "./types";

/**
 * The contacts list: searched (the caller debounces), paged, and kept current by `contact` events (spec:
 * contact lists update live). An import sends one `reload` instead of an event per contact.
 */
export function useContactList(search: string, consent: ConsentState | null = null) {
  // The paged list reloads when its key changes: the search and the consent filter together.
  const key = `${consent ?? ""}\u0000${search}`;
  const fetchPage = useCallback(({ pageNumber }: { pageNumber: number }) => listContacts({ searchParam: search, pageNumber, consent }), [search, consent]);
  const list = usePagedList<ContactRow>(key, fetchPage);

  useRealtimeEvent("contact", (event) => {
    switch (event.action) {
      case "reload":
        list.refresh();
        return;
      case "delete":
        list.remove(event.contactId);
        return;
      default: {
        const contact = event.contact;
        if (list.has(contact.id)) {
          // Presence updates come this way too; only what the page shows is taken.
          const { name, number, email, profilePicUrl, active, disableBot, lastInteractionAt, extraInfo, marketingConsent } = contact;
          // A contact whose consent no longer matches the filter leaves the list.
          if (consent && marketingConsent && marketingConsent !== consent) {
            list.remove(contact.id);
            return;
          }
          const patch = Object.fromEntries(
            Object.entries({ name, number, email, profilePicUrl, active, disableBot, lastInteractionAt, extraInfo, marketingConsent }).filter(([, v]) => v !== undefined),
          ) as Partial<ContactRow>;
          list.patch(contact.id, patch);
          return;
        }
        // A new contact shows at the top of an unfiltered list; a search shows it on its next run.
        if (event.action === "create" && !search && !consent) {
          if (Array.isArray(contact.extraInfo)) list.upsert(contact, true);
          else void getContact(contact.id).then((full) => list.upsert(full, true)).catch(() => undefined);
        }
      }
    }
  });

  return list;
}
