/**
 * Delivery acks as the chat shows them (spec 000 section 4): 0 pending (clock), 1 or 2 sent (grey ticks),
 * 3 delivered (double grey), 4 or 5 read or played (double blue).
 */
export type AckLook = { state: "pending" | "sent" | "delivered" | "read"; ticks: 0 | 1 | 2; blue: boolean };

export function ackLook(ack: number): AckLook {
  if (ack >= 4) return { state: "read", ticks: 2, blue: true };
  if (ack === 3) return { state: "delivered", ticks: 2, blue: false };
  if (ack === 2) return { state: "sent", ticks: 2, blue: false };
  if (ack === 1) return { state: "sent", ticks: 1, blue: false };
  return { state: "pending", ticks: 0, blue: false };
}
