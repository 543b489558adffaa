import { parseWithZod } from "@conform-to/zod/v4";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isSignupMessageOrigin, type EmbeddedSignupSettings } from "../../../../../worker/contracts/cloudSignup";
import { Button } from "../../../components/ui/Button";
import { describedBy, Field, Input } from "../../../components/ui/Input";
import { errorMessage } from "../../../lib/errors";
import { signUpCloudNumber } from "../api";
import { toPayload, type connectionFormSchema } from "../schema";
import type { ConnectionPayload, CreatedConnection } from "../types";
import "../texts";

/** The connections page's loader answers Embedded Signup's public settings (null: the deployment does not offer it). */
export function useEmbeddedSignupSettings(): EmbeddedSignupSettings | null {
  const data = useRouteLoaderData("routes/_app.connections") as { embeddedSignup?: EmbeddedSignupSettings | null } | undefined;
  return data?.embeddedSignup ?? null;
}

/**
 * The connection dialog's settings as the API takes them, read from its form (by id) through its schema; when they do
 * not pass, conform shows the errors under the fields and the answer is null.
 */
export function readConnectionForm(form: { id: string; validate: () => void }, schema: ReturnType<typeof connectionFormSchema>): ConnectionPayload | null {
  const element = document.getElementById(form.id);
  if (!(element instanceof HTMLFormElement)) return null;
  const data = new FormData(element);
  // Facebook's flow brings the number and its token: the dialog's own credential fields are not asked for.
  data.set("channel", "baileys");
  const submission = parseWithZod(data, { schema });
  if (submission.status !== "success") {
    form.validate();
    return null;
  }
  return toPayload(submission.value);
}

/** Facebook's SDK as Embedded Signup uses it (Meta's "Implementation" of Embedded Signup v4). */
interface FacebookSdk {
  init(settings: { appId: string; autoLogAppEvents?: boolean; xfbml?: boolean; version: string }): void;
  login(callback: (response: { authResponse?: { code?: string } | null }) => void, options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/** Loads the SDK once per page and answers it initialised with the platform's app. */
function loadFacebookSdk(settings: EmbeddedSignupSettings): Promise<FacebookSdk> {
  const init = (fb: FacebookSdk) => {
    fb.init({ appId: settings.appId, autoLogAppEvents: true, xfbml: true, version: settings.graphVersion });
    return fb;
  };
  if (window.FB) return Promise.resolve(init(window.FB));
  return new Promise((resolve, reject) => {
    window.fbAsyncInit = () => (window.FB ? resolve(init(window.FB)) : reject(new Error("no FB")));
    const script = document.createElement("script");
    script.src = settings.sdkUrl;
    script.async = true;
    script.crossOrigin = "anonymous";
    script.onerror = () => reject(new Error("The Facebook SDK did not load."));
    document.body.appendChild(script);
  });
}

/** Facebook's session info (`WA_EMBEDDED_SIGNUP`), sent as a JSON string; anything else on the page is ignored. */
type SessionInfo = { event: string; data: { phone_number_id?: string; waba_id?: string; error_message?: string } };
function sessionInfoOf(raw: unknown): SessionInfo | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const info = value as { type?: unknown; event?: unknown; data?: unknown } | null;
  if (!info || info.type !== "WA_EMBEDDED_SIGNUP" || typeof info.event !== "string") return null;
  return { event: info.event, data: (info.data ?? {}) as SessionInfo["data"] };
}

const COEXISTENCE_FINISH = "FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING";
/** How long the session info may come after the login's code before the flow is given up. */
const SESSION_INFO_WAIT_MS = 10_000;

type Phase = { step: "idle" } | { step: "facebook" } | { step: "server" } | { step: "failed"; message: string };

export interface EmbeddedSignupProps {
  /** The dialog's settings for the new connection (name, queues, messages…), or null when they do not pass (errors shown). */
  collect: () => ConnectionPayload | null;
  onConnected: (connection: CreatedConnection) => void;
}

/**
 * "Connect with Facebook" (issue 24 §1): Meta's Embedded Signup v4 makes a new Cloud API connection without copying
 * ids and tokens. The admin fills the dialog's settings, says which kind of number it is (a new one, registered with
 * a two-step PIN; or the one in their WhatsApp Business app, which stays there: coexistence), and Facebook's flow
 * opens. Its session info (which number) and its code go to the server, which does the rest. Shown only where the
 * deployment offers it.
 */
export function EmbeddedSignup({ collect, onConnected }: EmbeddedSignupProps) {
  const { t } = useTranslation();
  const settings = useEmbeddedSignupSettings();
  const id = useId();
  const [coexistence, setCoexistence] = useState(false);
  const [pin, setPin] = useState("");
  const [pinError, setPinError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const sdk = useRef<Promise<FacebookSdk> | null>(null);
  const flow = useRef<{ code?: string; info?: SessionInfo; payload: ConnectionPayload; pin: string; timer?: ReturnType<typeof setTimeout> } | null>(null);

  const fail = (message: string) => {
    if (flow.current?.timer) clearTimeout(flow.current.timer);
    flow.current = null;
    setPhase({ step: "failed", message });
  };

  /** Both halves of Facebook's answer are here: the server exchanges the code and connects the number. */
  const finish = async () => {
    const current = flow.current;
    if (!current?.code || !current.info) return;
    if (current.timer) clearTimeout(current.timer);
    flow.current = null;
    const { phone_number_id: phoneNumberId, waba_id: wabaId } = current.info.data;
    if (!phoneNumberId || !wabaId) return fail(t("connections.signup.noSessionInfo"));
    const inApp = current.info.event === COEXISTENCE_FINISH;
    setPhase({ step: "server" });
    try {
      const created = await signUpCloudNumber({
        ...current.payload,
        signup: { code: current.code, phoneNumberId, wabaId, coexistence: inApp, ...(inApp ? {} : { pin: current.pin }) },
      });
      setPhase({ step: "idle" });
      onConnected(created);
    } catch (err) {
      fail(errorMessage(err, t));
    }
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  useEffect(() => {
    if (!settings) return;
    sdk.current ??= loadFacebookSdk(settings);
    sdk.current.catch(() => undefined);
    const onMessage = (event: MessageEvent) => {
      if (!isSignupMessageOrigin(event.origin, settings)) return;
      const info = sessionInfoOf(event.data);
      if (!info || !flow.current) return;
      if (info.event === "CANCEL") return fail(t("connections.signup.cancelled"));
      if (info.event === "ERROR") return fail(t("connections.signup.facebookError", { message: info.data.error_message ?? "" }));
      if (info.event !== "FINISH" && info.event !== COEXISTENCE_FINISH) return;
      flow.current.info = info;
      void finishRef.current();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one listener per settings; `fail` only sets state
  }, [settings]);

  if (!settings) return null;

  const start = async () => {
    if (!coexistence && !/^\d{6}$/.test(pin)) {
      setPinError(t("connections.signup.pinInvalid"));
      return;
    }
    setPinError(null);
    const payload = collect();
    if (!payload) return;
    let fb: FacebookSdk;
    try {
      fb = await (sdk.current ??= loadFacebookSdk(settings));
    } catch {
      sdk.current = null;
      return fail(t("connections.signup.sdkFailed"));
    }
    flow.current = { payload, pin };
    setPhase({ step: "facebook" });
    fb.login(
      (response) => {
        const code = response.authResponse?.code;
        if (!flow.current) return;
        if (!code) return fail(t("connections.signup.cancelled"));
        flow.current.code = code;
        // The session info usually comes first; when it does not, it has a while to arrive.
        flow.current.timer = setTimeout(() => fail(t("connections.signup.noSessionInfo")), SESSION_INFO_WAIT_MS);
        void finishRef.current();
      },
      {
        config_id: settings.configId,
        response_type: "code",
        override_default_response_type: true,
        extras: { setup: {}, featureType: coexistence ? "whatsapp_business_app_onboarding" : "", sessionInfoVersion: "3", version: "v4" },
      },
    );
  };

  const busy = phase.step === "facebook" || phase.step === "server";
  const pinId = `${id}-pin`;
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-line bg-surface-2 p-4" aria-labelledby={`${id}-title`} data-testid="embedded-signup">
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {t("connections.signup.title")}
        </h3>
        <p className="text-xs text-subtle">{t("connections.signup.description")}</p>
      </div>
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">{t("connections.signup.kind")}</legend>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={!coexistence} onChange={() => setCoexistence(false)} className="mt-1 accent-[var(--brand)]" />
          {t("connections.signup.kindNew")}
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name={`${id}-kind`} checked={coexistence} onChange={() => setCoexistence(true)} className="mt-1 accent-[var(--brand)]" />
          {t("connections.signup.kindCoexistence")}
        </label>
      </fieldset>
      {coexistence ? null : (
        <Field id={pinId} label={t("connections.signup.pin")} error={pinError} hint={t("connections.signup.pinHint")} className="sm:max-w-xs">
          <Input
            id={pinId}
            value={pin}
            onChange={(e) => {
              setPin(e.target.value.replace(/\D/g, "").slice(0, 6));
              setPinError(null);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            disabled={busy}
            invalid={!!pinError}
            aria-describedby={describedBy(pinId, pinError, t("connections.signup.pinHint"))}
          />
        </Field>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => void start()} loading={busy}>
          {t("connections.signup.button")}
        </Button>
        {busy ? (
          <p role="status" className="text-sm text-muted">
            {phase.step === "facebook" ? t("connections.signup.inFacebook") : t("connections.signup.connecting")}
          </p>
        ) : null}
      </div>
      {phase.step === "failed" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {phase.message}
        </p>
      ) : null}
    </section>
  );
}
