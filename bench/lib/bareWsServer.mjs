// The reference for bench/fanout.mjs: a bare websocket server (Node and the `ws` package, no app, no runtime) that
// sends one frame to every connected socket when asked. Run as its own process, as workerd is:
//   node bench/lib/bareWsServer.mjs <port> <deflate: 0|1>
// GET /ws upgrades; POST /publish?value=… sends every socket the frame the hub would send for a setting change
// (one JSON array holding one event), then answers 204.
import http from "node:http";
import { WebSocketServer } from "ws";

const port = Number(process.argv[2]);
const deflate = process.argv[3] === "1";
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "POST" && url.pathname === "/publish") {
    const frame = JSON.stringify([{ type: "settings", action: "update", key: "viewclosed", value: url.searchParams.get("value") }]);
    for (const ws of wss.clients) ws.send(frame);
    return res.writeHead(204).end();
  }
  res.writeHead(404).end();
});
// permessage-deflate as workerd negotiates it when offered (server default of `ws` is off).
const wss = new WebSocketServer({ server, path: "/ws", perMessageDeflate: deflate });
server.listen(port, "127.0.0.1", () => console.log("ready"));
