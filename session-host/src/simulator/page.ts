/**
 * GET /simulator: a phone-like page where a person plays the contacts. Pick a connection (or pair one by
 * scanning its QR or entering its pairing code), pick or add a contact, and chat: what you type arrives at the
 * product as that contact's WhatsApp message (typing shows as "composing"); the contact can react to any message
 * and edit or delete their own; what the product sends appears on the left with its ack, edits, deletion and
 * reactions. Plain HTML and a small script (no build step); every value from the server is inserted as text,
 * never as HTML.
 */
export function simulatorPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ZapDesk simulator</title>
<style>
  :root { color-scheme: light dark; --bg:#f0f2f5; --panel:#fff; --line:#d1d7db; --mine:#d9fdd3; --theirs:#fff; --ink:#111b21; --muted:#667781; --accent:#00a884; }
  @media (prefers-color-scheme: dark) { :root { --bg:#0b141a; --panel:#111b21; --line:#2a3942; --mine:#005c4b; --theirs:#202c33; --ink:#e9edef; --muted:#8696a0; } }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.4 system-ui, sans-serif; background:var(--bg); color:var(--ink); display:flex; gap:16px; padding:16px; min-height:100vh; flex-wrap:wrap; }
  aside, main { background:var(--panel); border:1px solid var(--line); border-radius:12px; }
  aside { width:300px; padding:12px; display:flex; flex-direction:column; gap:12px; }
  main { flex:1; min-width:320px; max-width:480px; height:calc(100vh - 32px); min-height:480px; display:flex; flex-direction:column; overflow:hidden; }
  h1 { font-size:16px; margin:0; } h2 { font-size:13px; margin:0 0 6px; color:var(--muted); text-transform:uppercase; letter-spacing:.04em; }
  select, input, button, textarea { font:inherit; color:inherit; }
  select, input { width:100%; padding:6px 8px; border:1px solid var(--line); border-radius:8px; background:transparent; }
  button { padding:6px 12px; border:0; border-radius:8px; background:var(--accent); color:#fff; cursor:pointer; }
  button:disabled { opacity:.5; cursor:default; }
  .status { font-size:12px; color:var(--muted); }
  .qr { font-family:monospace; font-size:11px; word-break:break-all; padding:8px; border:1px dashed var(--line); border-radius:8px; }
  ul { list-style:none; margin:0; padding:0; max-height:40vh; overflow:auto; }
  li button { width:100%; text-align:left; background:transparent; color:inherit; border-radius:6px; padding:6px 8px; }
  li button[aria-current="true"] { background:var(--bg); }
  .row { display:flex; gap:6px; }
  header { padding:10px 14px; border-bottom:1px solid var(--line); }
  #log { flex:1; overflow:auto; padding:12px; display:flex; flex-direction:column; gap:6px; background:var(--bg); }
  .bubble { max-width:80%; padding:6px 10px; border-radius:8px; white-space:pre-wrap; word-wrap:break-word; }
  .in { align-self:flex-end; background:var(--mine); }
  .out { align-self:flex-start; background:var(--theirs); }
  .meta { font-size:11px; color:var(--muted); margin-top:2px; }
  .read { color:#53bdeb; }
  form.compose { display:flex; gap:6px; padding:10px; border-top:1px solid var(--line); }
  form.compose input[type=text] { flex:1; }
  .error { color:#d33; font-size:12px; min-height:1em; }
  .code { font-family:monospace; font-size:20px; letter-spacing:.15em; }
  .deleted { font-style:italic; color:var(--muted); }
  .reactions { font-size:12px; margin-top:2px; }
  .actions { display:flex; gap:4px; margin-top:2px; }
  .actions button { padding:0 6px; font-size:12px; background:transparent; color:var(--muted); border:1px solid var(--line); }
</style>
</head>
<body>
<aside>
  <h1>ZapDesk simulator</h1>
  <section>
    <h2>Connection</h2>
    <select id="connection" aria-label="Connection"></select>
    <p class="status" id="connStatus"></p>
    <div id="qrBox" hidden>
      <p class="qr" id="qr"></p>
      <button id="scan" type="button">Scan QR code</button>
    </div>
    <div id="codeBox" hidden>
      <p>Pairing code: <span class="code" id="pairingCode"></span></p>
      <button id="enterCode" type="button">Enter the code on the phone</button>
    </div>
  </section>
  <section>
    <h2>Contacts</h2>
    <ul id="contacts"></ul>
  </section>
  <section>
    <h2>New contact</h2>
    <form id="newContact" class="row">
      <input id="newNumber" placeholder="5511987654321" inputmode="numeric" aria-label="Number" required pattern="\\d{8,20}">
      <input id="newName" placeholder="Name" aria-label="Name">
      <button type="submit">Use</button>
    </form>
  </section>
  <p class="error" id="error" role="alert"></p>
</aside>
<main>
  <header><strong id="who">Pick a contact</strong><div class="status" id="whoNumber"></div></header>
  <div id="log" aria-live="polite"></div>
  <form class="compose" id="compose">
    <input type="file" id="file" aria-label="Attach a file" hidden>
    <button type="button" id="attach" title="Attach a file">+</button>
    <input type="text" id="text" placeholder="Type a message" autocomplete="off" aria-label="Message">
    <button type="submit" id="send">Send</button>
  </form>
</main>
<script>
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { connectionId: null, contact: null, contacts: [], connections: [] };
  const showError = (text) => { $("error").textContent = text || ""; };

  async function api(path, init) {
    const res = await fetch(path, init);
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(body.message || res.statusText);
    return body;
  }

  async function loadConnections() {
    const { connections } = await api("/simulator/connections");
    state.connections = connections;
    const select = $("connection");
    if (!connections.some((c) => c.id === state.connectionId)) state.connectionId = connections[0] ? connections[0].id : null;
    select.replaceChildren(...connections.map((c) => {
      const o = document.createElement("option");
      o.value = String(c.id);
      o.textContent = "#" + c.id + (c.number ? " · " + c.number : "") + " · " + c.status;
      o.selected = c.id === state.connectionId;
      return o;
    }));
    const current = connections.find((c) => c.id === state.connectionId);
    $("connStatus").textContent = current ? "Status: " + current.status : "No connection yet: the product starts one when you add a connection.";
    const pairingCode = current && current.pairingCode ? current.pairingCode : "";
    $("qrBox").hidden = !current || !(current.status === "qrcode" || current.status === "PAIRING") || Boolean(pairingCode);
    $("qr").textContent = current && current.qr ? current.qr : "";
    $("codeBox").hidden = !pairingCode;
    $("pairingCode").textContent = pairingCode;
  }

  async function loadContacts() {
    const { contacts } = await api("/simulator/contacts");
    state.contacts = contacts;
    $("contacts").replaceChildren(...contacts.map((c) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = (c.name || c.number) + (c.name ? " (" + c.number + ")" : "");
      b.setAttribute("aria-current", String(state.contact && state.contact.number === c.number));
      b.onclick = () => pick(c.number, c.name);
      li.append(b);
      return li;
    }));
  }

  function pick(number, name) {
    state.contact = { number, name: name || "" };
    $("who").textContent = name || number;
    $("whoNumber").textContent = number;
    loadContacts().catch(() => {});
    loadConversation().catch((e) => showError(e.message));
  }

  function ticks(ack) {
    if (ack >= 3) return ["✓✓", "read"];
    if (ack === 2) return ["✓✓", ""];
    if (ack === 1) return ["✓", ""];
    return ["…", ""];
  }

  async function loadConversation() {
    if (!state.connectionId || !state.contact) { $("log").replaceChildren(); return; }
    const { messages } = await api("/simulator/" + state.connectionId + "/conversation?with=" + encodeURIComponent(state.contact.number));
    const log = $("log");
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    log.replaceChildren(...messages.map((m) => {
      const div = document.createElement("div");
      div.className = "bubble " + m.direction;
      const text = document.createElement("div");
      if (m.deleted) {
        text.className = "deleted";
        text.textContent = "🚫 This message was deleted" + (m.body ? " (was: " + m.body + ")" : "");
      } else {
        text.textContent = m.body || (m.location ? "📍 " + (m.location.name || m.location.latitude + "," + m.location.longitude) : m.vcard ? "👤 " + m.vcard.name + " " + m.vcard.number : "");
      }
      div.append(text);
      if (m.media) {
        const f = document.createElement("div");
        f.className = "meta";
        f.textContent = "📎 " + m.media.filename + " (" + m.media.mimetype + ", " + m.media.size + " bytes)";
        div.append(f);
      }
      const meta = document.createElement("div");
      meta.className = "meta";
      const time = new Date(m.at).toLocaleTimeString();
      if (m.direction === "out") {
        const [mark, cls] = ticks(m.ack);
        const span = document.createElement("span");
        span.textContent = mark;
        if (cls) span.className = cls;
        meta.append(time + (m.edited ? " · edited" : "") + " · from the product ", span);
      } else {
        meta.textContent = time + (m.edited ? " · edited" : "");
      }
      div.append(meta);
      if (m.reactions && m.reactions.length) {
        const r = document.createElement("div");
        r.className = "reactions";
        r.textContent = m.reactions.map((x) => x.emoji + " " + (x.from === "me" ? "product" : "contact")).join("  ");
        div.append(r);
      }
      div.append(actionsFor(m));
      return div;
    }));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function actionsFor(m) {
    const row = document.createElement("div");
    row.className = "actions";
    const add = (label, title, fn) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.onclick = () => fn().then(loadConversation).catch((e) => showError(e.message));
      row.append(b);
    };
    if (m.deleted) return row;
    const post = (action, payload) => api("/simulator/" + state.connectionId + "/" + action, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: state.contact.number, id: m.id, ...payload }),
    });
    add("☺", "React as the contact", async () => {
      const emoji = window.prompt("Reaction (empty takes it back)", "👍");
      if (emoji !== null) await post("inbound-reaction", { emoji });
    });
    if (m.direction === "in") {
      add("✎", "Edit as the contact", async () => {
        const body = window.prompt("New text", m.body);
        if (body) await post("inbound-edit", { body });
      });
      add("🗑", "Delete for everyone as the contact", async () => {
        if (window.confirm("Delete this message for everyone?")) await post("inbound-delete", {});
      });
    }
    return row;
  }

  let lastTyping = 0;
  function typing() {
    if (!state.connectionId || !state.contact || Date.now() - lastTyping < 5000) return;
    lastTyping = Date.now();
    api("/simulator/" + state.connectionId + "/typing", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: state.contact.number, state: "composing" }),
    }).catch(() => {});
  }

  async function sendInbound(payload) {
    if (!state.connectionId) return showError("Pick a connection first.");
    if (!state.contact) return showError("Pick or add a contact first.");
    showError("");
    await api("/simulator/" + state.connectionId + "/inbound", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: state.contact.number, name: state.contact.name || undefined, ...payload }),
    });
    await loadConversation();
  }

  // The page never reads an id itself: it takes the one the server listed (ids are the platform's, 13 digits and more).
  $("connection").onchange = (e) => {
    const picked = state.connections.find((c) => String(c.id) === e.target.value);
    state.connectionId = picked ? picked.id : null;
    loadConnections().catch(() => {});
    loadConversation().catch(() => {});
  };
  $("scan").onclick = async () => {
    try { await api("/simulator/" + state.connectionId + "/scan", { method: "POST" }); await loadConnections(); showError(""); }
    catch (e) { showError(e.message); }
  };
  $("enterCode").onclick = async () => {
    try {
      await api("/simulator/" + state.connectionId + "/scan", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: $("pairingCode").textContent }),
      });
      await loadConnections();
      showError("");
    } catch (e) { showError(e.message); }
  };
  $("text").oninput = typing;
  $("newContact").onsubmit = (e) => { e.preventDefault(); pick($("newNumber").value.trim(), $("newName").value.trim()); };
  $("compose").onsubmit = async (e) => {
    e.preventDefault();
    const body = $("text").value;
    if (!body.trim()) return;
    try { await sendInbound({ body }); $("text").value = ""; lastTyping = 0; } catch (err) { showError(err.message); }
  };
  $("attach").onclick = () => $("file").click();
  $("file").onchange = () => {
    const file = $("file").files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = async () => {
      const base64 = String(reader.result).split(",")[1] || "";
      try { await sendInbound({ body: $("text").value || undefined, media: { mimetype: file.type || "application/octet-stream", filename: file.name, base64 } }); $("text").value = ""; }
      catch (err) { showError(err.message); }
      $("file").value = "";
    };
    reader.readAsDataURL(file);
  };

  const refresh = () => Promise.all([loadConnections(), loadContacts()]).catch((e) => showError(e.message));
  refresh();
  setInterval(refresh, 3000);
  setInterval(() => loadConversation().catch(() => {}), 1500);
})();
</script>
</body>
</html>`;
}
