import type { CloudSignupInput, EmbeddedSignupSettings } from "../../contracts/cloudSignup";
import type { Env } from "../../env";
import { CloudApiError, GRAPH_VERSION } from "../../lib/whatsappCloud";
import { requirePermission, type Ctx } from "../context";
import { AppError, type ErrorCode } from "../errors";
import { assertWhatsappCreatable, createWhatsapp } from "../whatsapps/createWhatsapp";
import { cloudClientFor, cloudNumberOf } from "./cloudNumbers";

/** Meta's own SDK (its JavaScript SDK's documented URL), unless the deployment serves another (the local fake). */
export const FACEBOOK_SDK_URL = "https://connect.facebook.net/en_US/sdk.js";

/** What the connections page needs to offer "Connect with Facebook"; null unless the platform's Meta app is set up. */
export function embeddedSignupSettings(env: Env): EmbeddedSignupSettings | null {
  if (!env.META_APP_ID || !env.META_CONFIG_ID || !env.META_APP_SECRET) return null;
  return {
    appId: env.META_APP_ID,
    configId: env.META_CONFIG_ID,
    sdkUrl: env.FACEBOOK_SDK_URL || FACEBOOK_SDK_URL,
    graphVersion: env.WHATSAPP_GRAPH_VERSION || GRAPH_VERSION,
  };
}

/**
 * A new Cloud API connection from Embedded Signup (issue 24 §1; Meta's "Implementation" of Embedded Signup v4, its
 * onboarding steps for a Tech Provider): the connection's settings checked first (so a refusal spends nothing at Meta),
 * then the flow's code exchanged for the business's token, the platform's app subscribed to the business account's
 * webhooks, the number registered with its PIN (not a number in coexistence with the WhatsApp Business app), and the
 * connection made as a manual one is (createWhatsapp → connectCloudNumber: checked with Meta, token sealed, routed).
 *
 * Any step refused, nothing is stored. What Meta already did stays done and is harmless: a subscription is
 * idempotent, and registering again with the same PIN succeeds, so the admin simply runs the flow again (the code
 * itself is single use and short-lived, so a retry is always a new flow).
 */
export async function embeddedSignup({ ctx, input }: { ctx: Ctx; input: CloudSignupInput }) {
  requirePermission(ctx, "connections-page:addConnection");
  const app = ctx.env.META_APP_ID && ctx.env.META_APP_SECRET ? { appId: ctx.env.META_APP_ID, appSecret: ctx.env.META_APP_SECRET } : null;
  if (!app || !embeddedSignupSettings(ctx.env)) throw new AppError("ERR_WAPP_SIGNUP_UNAVAILABLE");
  const { signup, ...connection } = input;
  await assertWhatsappCreatable(ctx, connection);
  if (await cloudNumberOf(ctx.control, signup.phoneNumberId)) throw new AppError("ERR_DUPLICATED_WHATSAPP", "This phone number id is already connected.");

  const accessToken = await atMeta("ERR_WAPP_SIGNUP_CODE", () => cloudClientFor(ctx.env, signup.phoneNumberId, "").exchangeCode(app, signup.code));
  const meta = cloudClientFor(ctx.env, signup.phoneNumberId, accessToken);
  await atMeta("ERR_WAPP_SIGNUP_SUBSCRIBE", () => meta.subscribeApp(signup.wabaId));
  // A number in coexistence is already on WhatsApp (the Business app); registering it would take it from the app.
  if (!signup.coexistence) await atMeta("ERR_WAPP_SIGNUP_REGISTER", () => meta.register(signup.pin!));

  return createWhatsapp({
    ctx,
    input: { ...connection, channel: "cloud", cloud: { phoneNumberId: signup.phoneNumberId, wabaId: signup.wabaId, accessToken } },
  });
}

/** One call to Meta: its refusal becomes the step's product error (Meta's message kept), Meta unreachable a retry. */
async function atMeta<T>(code: ErrorCode, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof CloudApiError)) throw err;
    console.warn("embedded signup refused", { step: code, code: err.code, fbtraceId: err.fbtraceId, message: err.message });
    if (err.transient && err.code !== -1) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "The Cloud API could not be reached; try again.");
    throw new AppError(code, err.message);
  }
}
