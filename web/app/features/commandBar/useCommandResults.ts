import type { LucideIcon } from "lucide-react";
import { ContactRound, MessageSquareText } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminMenu, mainMenu, visibleMenu, type MenuLink } from "../../components/shell/menu";
import { useDebouncedValue } from "../../lib/hooks";
import type { SessionUser } from "../../lib/session-user";
import { formatPhone } from "../../lib/phone";
import { listTickets, searchContacts } from "../tickets/shared/api";

/** Tickets and contacts are searched from this many characters; pages match from the first. */
export const MIN_SEARCH_CHARS = 2;
const SEARCH_DEBOUNCE_MS = 250;
const PER_GROUP = 5;

export type CommandGroup = "macros" | "tickets" | "contacts" | "pages";

export interface CommandItem {
  id: string;
  group: CommandGroup;
  label: string;
  hint?: string;
  icon: LucideIcon;
  /** Where the item leads, or what it does (running a macro on the open ticket). */
  to?: string;
  run?: () => void;
}

/** Every page of the menu the user may open (groups flattened to their links). */
function menuPages(user: SessionUser): MenuLink[] {
  return [...visibleMenu(user, mainMenu), ...visibleMenu(user, adminMenu)].flatMap((entry) => (entry.kind === "link" ? [entry] : entry.children));
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * What the command bar offers for a query: tickets by contact name or number (GET /api/tickets?searchParam),
 * contacts (GET /api/contacts/list) and the pages of the menu the user may open.
 */
export function useCommandResults(user: SessionUser, query: string, actions: CommandItem[] = []) {
  const { t } = useTranslation();
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<{ term: string; items: CommandItem[] } | null>(null);

  useEffect(() => {
    if (term.length < MIN_SEARCH_CHARS) return setFound(null);
    const controller = new AbortController();
    Promise.all([
      listTickets({ searchParam: term, pageNumber: 1 }, controller.signal).catch(() => ({ tickets: [] })),
      searchContacts(term, controller.signal).catch(() => []),
    ]).then(([page, contacts]) => {
      if (controller.signal.aborted) return;
      const tickets: CommandItem[] = page.tickets.slice(0, PER_GROUP).map((ticket) => ({
        id: `ticket-${ticket.id}`,
        group: "tickets",
        label: ticket.contact?.name || formatPhone(ticket.contact?.number),
        hint: [t(`commandBar.status.${ticket.status}`), ticket.queue?.name, formatPhone(ticket.contact?.number)].filter(Boolean).join(" · "),
        icon: MessageSquareText,
        to: `/tickets/${ticket.uuid}`,
      }));
      const people: CommandItem[] = contacts.slice(0, PER_GROUP).map((contact) => ({
        id: `contact-${contact.id}`,
        group: "contacts",
        label: contact.name,
        hint: formatPhone(contact.number),
        icon: ContactRound,
        to: `/contacts?search=${encodeURIComponent(contact.name)}`,
      }));
      setFound({ term, items: [...tickets, ...people] });
    });
    return () => controller.abort();
  }, [term, t]);

  const pages = useMemo<CommandItem[]>(() => {
    const wanted = fold(query.trim());
    return menuPages(user)
      .map((link) => ({ id: `page-${link.to}`, group: "pages" as const, label: t(link.labelKey), icon: link.icon, to: link.to }))
      .filter((page) => fold(page.label).includes(wanted));
  }, [user, query, t]);

  const searching = query.trim().length >= MIN_SEARCH_CHARS && found?.term !== query.trim();
  const wanted = fold(query.trim());
  const doable = actions.filter((item) => fold(item.label).includes(wanted));
  const items = [...doable, ...(found && query.trim().length >= MIN_SEARCH_CHARS ? found.items : []), ...pages];
  return { items, searching };
}
