import WebSocket from "ws";

/** Opens `count` websockets (50 at a time) to url + query(i); each answers `waitFor(match)`: the next event that matches. */
export async function openSockets(url, query, count, deflate) {
  const sockets = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) batch.push(openSocket(url + query(j), deflate));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

function openSocket(url, deflate) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: deflate });
    const waiters = new Set();
    ws.on("message", (data) => {
      const text = data.toString();
      if (!text.startsWith("[")) return;
      for (const event of JSON.parse(text)) for (const w of [...waiters]) if (w.match(event)) (waiters.delete(w), w.resolve());
    });
    ws.on("error", reject);
    ws.on("open", () =>
      resolve({
        ws,
        waitFor: (match) => new Promise((res) => waiters.add({ match, resolve: res })),
      }),
    );
  });
}
