import { z } from "zod";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";
import { createWhatsappInput, metaId } from "./whatsapps";

/**
 * Embedded Signup (issue 24 §1, Meta's "Connect with Facebook", v4): what the page got from Facebook's flow. The
 * login callback's `authResponse.code` (exchanged on the server for the business's token), the number and business
 * account the WA_EMBEDDED_SIGNUP message named, and whether the number stays in the WhatsApp Business app
 * (coexistence: Meta's FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING), which must not be registered. Any other number is
 * registered for the Cloud API with a six-digit two-step verification PIN (the number's own, or the one it gets).
 */
export const cloudSignup = z
  .object({
    code: z
      .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
      .trim()
      .min(1, REQUIRED)
      .max(2048, TOO_LONG),
    phoneNumberId: metaId,
    wabaId: metaId,
    coexistence: z.boolean({ error: "Must be true or false" }).default(false),
    pin: z
      .string({ error: NOT_TEXT })
      .regex(/^\d{6}$/, "Six digits")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.coexistence && !v.pin) ctx.addIssue({ code: "custom", path: ["pin"], message: REQUIRED });
    if (v.coexistence && v.pin) ctx.addIssue({ code: "custom", path: ["pin"], message: "Not for a number in the WhatsApp Business app" });
  });
export type CloudSignup = z.infer<typeof cloudSignup>;

const { channel: _channel, cloud: _cloud, ...connectionFields } = createWhatsappInput.shape;

/**
 * POST /api/whatsapp/cloud/signup: a new connection as the dialog fills it (name, queues, messages…, with
 * POST /api/whatsapp's defaults), made on the number Embedded Signup gave.
 */
export const cloudSignupInput = z.object({ ...connectionFields, signup: cloudSignup });
export type CloudSignupInput = z.infer<typeof cloudSignupInput>;

/**
 * What the connections page needs to start Embedded Signup; null when the deployment has not set it up. All public:
 * Meta's app id and login configuration id go to Facebook's SDK in the browser anyway.
 */
export type EmbeddedSignupSettings = {
  appId: string;
  configId: string;
  /** The SDK's script (Meta's, or the local fake's). */
  sdkUrl: string;
  /** The Graph API version FB.init names. */
  graphVersion: string;
};

const META_SDK_HOST = "connect.facebook.net";

/**
 * Whether a window message may be Facebook's WA_EMBEDDED_SIGNUP session info: https from facebook.com or one of its
 * subdomains (www., web., business.), or, when the deployment serves another SDK than Meta's (the local fake), that
 * SDK's own origin. Anything else on the page (another frame, an extension) is not listened to.
 */
export function isSignupMessageOrigin(origin: string, settings: Pick<EmbeddedSignupSettings, "sdkUrl">): boolean {
  let url: URL;
  let sdk: URL;
  try {
    url = new URL(origin);
    sdk = new URL(settings.sdkUrl);
  } catch {
    return false;
  }
  if (url.protocol === "https:" && (url.hostname === "facebook.com" || url.hostname.endsWith(".facebook.com")) && !url.port) return true;
  return sdk.hostname !== META_SDK_HOST && url.origin === sdk.origin;
}
