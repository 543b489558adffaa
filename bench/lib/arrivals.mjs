import WebSocket from "ws";

/**
 * The admin's socket. A message has arrived when a ticket update shows it as the ticket's last message, or shows
 * a later message of the same contact: messages that land together update their ticket once, with the last of
 * them (each still reaches open chats as its own appMessage, in the same publish).
 */
export async function adminSocket(baseUrl, token) {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/ws?token=${encodeURIComponent(token)}`);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  /** contact number → its messages not yet seen, in the order they were sent */
  const waiting = new Map();
  ws.on("message", (raw) => {
    const at = performance.now();
    const frame = JSON.parse(String(raw));
    for (const event of Array.isArray(frame) ? frame : [frame]) {
      if (event.type !== "ticket" || event.action !== "update") continue;
      const queue = waiting.get(event.ticket?.contact?.number);
      const upTo = queue?.findIndex((w) => w.body === event.ticket.lastMessage) ?? -1;
      if (upTo >= 0) for (const w of queue.splice(0, upTo + 1)) w.resolve(at);
    }
  });
  return {
    arrival: (number, body) =>
      new Promise((resolve) => {
        if (!waiting.has(number)) waiting.set(number, []);
        waiting.get(number).push({ body, resolve });
      }),
    close: () => ws.close(),
  };
}

