import { useRealtimeEvent } from "../../lib/realtime";
import { getContact, listContacts } from "./api";
import { usePagedList } from "../../components/list";
import type { ContactRow } from "./types";

/**
 * The contacts list: searched (the caller debounces), paged, and kept current by `contact` events (spec:
 * contact lists update live). An import sends one `reload` instead of an event per contact.
 */
export function useContactList(search: string) {
  const list = usePagedList<ContactRow>(search, listContacts);

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
          const { name, number, email, profilePicUrl, active, disableBot, lastInteractionAt, extraInfo } = contact;
          const patch = Object.fromEntries(
            Object.entries({ name, number, email, profilePicUrl, active, disableBot, lastInteractionAt, extraInfo }).filter(([, v]) => v !== undefined),
          ) as Partial<ContactRow>;
          list.patch(contact.id, patch);
          return;
        }
        // A new contact shows at the top of an unfiltered list; a search shows it on its next run.
        if (event.action === "create" && !search) {
          if (Array.isArray(contact.extraInfo)) list.upsert(contact, true);
          else void getContact(contact.id).then((full) => list.upsert(full, true)).catch(() => undefined);
        }
      }
    }
  });

  return list;
}
