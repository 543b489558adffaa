import type { TicketRating, TrackingEntry } from "../types";

/**
 * A history row as a sentence key and its values, e.g. accept → "Ana aceitou", transfer between queues →
 * "Transferido de Vendas para Suporte por Carla". The component translates it.
 */
export interface HistorySentence {
  key: string;
  values: Record<string, string>;
  /** What else the same transition changed (a transfer's new agent, its new connection), said after it. */
  more?: { key: string; values: Record<string, string> }[];
}

/** `openLane` names the kanban's lane of tickets without a lane tag ('Em aberto'), in the reader's language. */
export function historySentence(entry: TrackingEntry, openLane = "Em aberto"): HistorySentence {
  const by = entry.byUser?.name ?? "";
  const values: Record<string, string> = { by };
  // Without an acting user the system did it (auto-close, chatbot transfer): the sentence names no one.
  const suffix = by ? "" : "Auto";
  switch (entry.action) {
    case "create":
      return entry.toQueue ? { key: "createdInQueue", values: { queue: entry.toQueue.name } } : { key: "created", values: {} };
    case "accept":
    case "reopen":
    case "close":
    case "delete":
      return { key: `${entry.action}${suffix}`, values };
    case "return":
      return { key: `return${suffix}`, values };
    // Automatic assignment (issue 26): the system accepted it for the agent.
    case "autoAssign":
      return { key: "autoAssign", values: { to: entry.toUser?.name ?? "" } };
    case "transfer": {
      const queueChanged = entry.fromQueue?.id !== entry.toQueue?.id && !!entry.toQueue;
      const userChanged = !!entry.toUser && entry.toUser.id !== entry.fromUser?.id;
      const { fromWhatsapp: fromConn, toWhatsapp: toConn } = entry;
      const connection = fromConn && toConn && fromConn.id !== toConn.id ? { from: fromConn.name, to: toConn.name } : null;
      const more: NonNullable<HistorySentence["more"]> = [];
      let main: HistorySentence;
      if (queueChanged) {
        main = {
          key: entry.fromQueue ? `transferQueue${suffix}` : `transferToQueue${suffix}`,
          values: { ...values, from: entry.fromQueue?.name ?? "", to: entry.toQueue?.name ?? "" },
        };
        // The agent who has it now, when the transfer named one.
        if (entry.toUser) more.push({ key: "toAgent", values: { to: entry.toUser.name } });
      } else if (entry.toUser && (userChanged || !connection)) {
        main = {
          key: entry.fromUser ? `transferUser${suffix}` : `transferToUser${suffix}`,
          values: { ...values, from: entry.fromUser?.name ?? "", to: entry.toUser.name },
        };
      } else if (connection) {
        main = { key: `transferConnection${suffix}`, values: { ...values, ...connection } };
        if (entry.toUser) more.push({ key: "toAgent", values: { to: entry.toUser.name } });
        return more.length ? { ...main, more } : main;
      } else {
        return { key: `transferPending${suffix}`, values };
      }
      if (connection) more.push({ key: "toConnection", values: connection });
      return more.length ? { ...main, more } : main;
    }
    case "kanban":
      return {
        key: `kanban${suffix}`,
        values: { ...values, from: entry.fromTag?.name ?? openLane, to: entry.toTag?.name ?? openLane },
      };
    default:
      return { key: "other", values: { action: entry.action } };
  }
}

/** The sentence in the reader's language: its main clause, then what else changed, one after the other. */
export function historyText(sentence: HistorySentence, t: (key: string, values: Record<string, string>) => string): string {
  const say = (s: { key: string; values: Record<string, string> }) => t(`ticketChat.history.${s.key}`, s.values);
  return [say(sentence), ...(sentence.more ?? []).map(say)].join(" · ");
}

/** One line of the drawer's history: a transition, or the contact's rating. */
export type TimelineItem = { kind: "entry"; entry: TrackingEntry; at: string } | { kind: "rating"; rating: TicketRating; at: string };

/** Transitions and ratings in one timeline, newest first (a rating comes after the close it rates). */
export function historyTimeline(history: TrackingEntry[], ratings: TicketRating[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...history.map((entry) => ({ kind: "entry" as const, entry, at: entry.createdAt })),
    ...ratings.map((rating) => ({ kind: "rating" as const, rating, at: rating.createdAt })),
  ];
  // Stable: entries of the same instant keep the server's order.
  return items.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
}
