import type { FakeGraph } from "../fakeGraph";

/**
 * A stand-in for Facebook's JavaScript SDK as Embedded Signup v4 uses it (issue 24), mounted at /facebook by the fakes
 * server of `npm start`: FACEBOOK_SDK_URL <fakes>/facebook/sdk.js.
 *   GET  /sdk.js    (CORS-readable: pages load it crossorigin, as Meta's snippet does) `window.FB.init` and `FB.login(callback, { config_id, extras: { featureType, … } })`; calls
 *                   `window.fbAsyncInit` once loaded, as Meta's does
 *   GET  /dialog    the flow, in a popup as Meta's: the person finishes (a new number, or their WhatsApp Business
 *                   app's when featureType is "whatsapp_business_app_onboarding") or cancels; closing it cancels
 *   POST /signup    a number made signup-able on the fake Graph API, and its single-use code
 * As Meta does, the popup posts the session info to the page (`{ type: "WA_EMBEDDED_SIGNUP", event, data }`, as a
 * JSON string, from this origin), and the login callback gets `{ authResponse: { code } }`, or no authResponse on
 * cancel.
 */
export function createFakeFacebook(options: { origin: string; graph: FakeGraph }) {
  const sdk = `(() => {
  const origin = ${JSON.stringify(options.origin)};
  // Where the popup's messages come from (an origin has no path; the mount's URL does).
  const from = new URL(origin).origin;
  let appId = null;
  const FB = {
    init(settings) { appId = settings && settings.appId; },
    login(callback, params) {
      const extras = (params && params.extras) || {};
      const url = origin + "/dialog?" + new URLSearchParams({ app_id: appId || "", config_id: (params && params.config_id) || "", feature_type: extras.featureType || "" });
      const popup = window.open(url, "fake-facebook-signup", "popup,width=480,height=420");
      let answered = false;
      const answer = (code) => {
        if (answered) return;
        answered = true;
        window.removeEventListener("message", done);
        clearInterval(watch);
        callback(code ? { status: "connected", authResponse: { code } } : { status: "unknown", authResponse: null });
      };
      const done = (event) => {
        if (event.origin === from && event.data && event.data.fakeFacebook === "login") answer(event.data.code);
      };
      // Closed without finishing (or never opened: a blocked popup) is a cancel, as with Meta's.
      const watch = setInterval(() => { if (!popup || popup.closed) setTimeout(() => answer(null), 300); }, 500);
      window.addEventListener("message", done);
    },
  };
  window.FB = FB;
  if (typeof window.fbAsyncInit === "function") window.fbAsyncInit();
})();`;

  const dialog = (featureType: string, configId: string) => {
    const coexistence = featureType === "whatsapp_business_app_onboarding";
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Facebook (fake)</title>
<style>body{font:15px system-ui;margin:0;padding:1.25rem;color:#1c1e21}h1{font-size:1.1rem;color:#1877f2;margin:0 0 .75rem}
p{margin:.5rem 0}.actions{display:flex;gap:.5rem;margin-top:1.25rem}button{font:inherit;padding:.55rem 1rem;border-radius:6px;border:1px solid #ccd0d5;background:#f5f6f7;cursor:pointer}
button.primary{background:#1877f2;border-color:#1877f2;color:#fff}</style></head><body>
<h1>Facebook (fake) · WhatsApp Embedded Signup</h1>
<p>${coexistence ? "Conectar o número do seu app WhatsApp Business (coexistência)." : "Criar uma conta do WhatsApp Business e um número novo para a API Cloud."}</p>
<p><small>config_id ${configId.replace(/[^\w-]/g, "") || "—"}</small></p>
<div class="actions"><button class="primary" id="finish">Concluir</button><button id="cancel">Cancelar</button></div>
<script>
const coexistence = ${coexistence};
const tell = (message) => (window.opener || parent).postMessage(message, "*");
document.getElementById("finish").onclick = async () => {
  const answer = await fetch("signup", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ coexistence }) });
  const signup = await answer.json();
  tell(JSON.stringify({ type: "WA_EMBEDDED_SIGNUP", event: coexistence ? "FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING" : "FINISH", data: { phone_number_id: signup.phoneNumberId, waba_id: signup.wabaId }, version: "4" }));
  tell({ fakeFacebook: "login", code: signup.code });
  window.close();
};
document.getElementById("cancel").onclick = () => {
  tell(JSON.stringify({ type: "WA_EMBEDDED_SIGNUP", event: "CANCEL", data: { current_step: "WABA_PHONE_REGISTRATION" }, version: "4" }));
  tell({ fakeFacebook: "login", code: null });
  window.close();
};
</script></body></html>`;
  };

  async function handle(request: Request, path: string): Promise<Response> {
    if (request.method === "GET" && path === "/sdk.js") return new Response(sdk, { headers: { "content-type": "text/javascript; charset=utf-8", "access-control-allow-origin": "*" } });
    if (request.method === "GET" && path === "/dialog") {
      const q = new URL(request.url).searchParams;
      return new Response(dialog(q.get("feature_type") ?? "", q.get("config_id") ?? ""), { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    if (request.method === "POST" && path === "/signup") {
      const input = (await request.json().catch(() => ({}))) as { coexistence?: boolean };
      return Response.json(options.graph.startSignup({ coexistence: input.coexistence === true }));
    }
    return Response.json({ error: "not found" }, { status: 404 });
  }

  return { handle };
}
