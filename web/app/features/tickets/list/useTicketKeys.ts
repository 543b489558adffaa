import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ListTicket } from "../shared/types";

/** The next or previous ticket of the list on screen (the first or last when none is chosen). */
export function neighbour(tickets: Pick<ListTicket, "uuid">[], selectedUuid: string | undefined, step: 1 | -1): string | null {
  if (tickets.length === 0) return null;
  const index = tickets.findIndex((t) => t.uuid === selectedUuid);
  if (index === -1) return (step === 1 ? tickets[0] : tickets.at(-1))!.uuid;
  return tickets[index + step]?.uuid ?? null;
}

/** Alt+Down and Alt+Up, wherever the focus is (the composer too): the next or previous ticket of the list on screen. */
export function useTicketKeys(tickets: ListTicket[], selectedUuid: string | undefined) {
  const navigate = useNavigate();
  const current = useRef({ tickets, selectedUuid });
  current.current = { tickets, selectedUuid };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
      if (document.querySelector("[role=dialog]")) return;
      const next = neighbour(current.current.tickets, current.current.selectedUuid, e.key === "ArrowDown" ? 1 : -1);
      e.preventDefault();
      if (next) navigate(`/tickets/${next}`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate]);
}
