import { z } from "zod";
import { REQUIRED } from "../../../../worker/contracts/fieldMessages";
import type { CloudConnectionView } from "../../../../worker/contracts/views/whatsapp";
import { cloudCredentials, createWhatsappInput, whatsappChannel } from "../../../../worker/contracts/whatsapps";
import { messageWith, type FieldMessageOverrides } from "../../lib/form-errors";
import type { ConnectionPayload } from "./types";
import "./texts";

/**
 * The inputs' limits (their `max`, and the range a refused number is told): the contract's, which does not export
 * them; schema.test.ts checks that the contract refuses just past each.
 */
export const LIMITS = { minutes: 7 * 24 * 60, hours: 365 * 24, menuSends: 100, message: 4096 };

/** The "none" choice of a select (Radix items cannot have an empty value): the form reads it as no reference. */
export const NONE = "0";
const orNone = <Field extends z.ZodType>(field: Field) => z.preprocess((value) => (value === NONE ? "" : value), field);

/**
 * The connection dialog: the contract's fields and rules (worker/contracts/whatsapps.ts: name 2 to 50 and required,
 * spec 001 §5; the messages' length; the numbers' ranges; its defaults for what is left blank). The page's own rules,
 * said at once rather than after the save: a greeting with more than one queue, and an auto-transfer takes both its
 * queue and its time.
 *
 * A Cloud API connection (ADR 0050) adds its credentials, flat in the form (`phoneNumberId`… rather than `cloud.…`)
 * and with the contract's rules; `ownApp` is the page's own switch for the company's own Meta app. Editing one
 * (`existing`), the secrets are never shown: an empty token keeps the saved one, and a change of the ids or of the
 * app's secrets takes the token again (the API checks them with Meta together).
 */
export function connectionFormSchema(existing?: CloudConnectionView | null) {
  const { channel: _channel, cloud: _cloud, transferQueueId, sendIdQueue, promptId, integrationId, ...fields } = createWhatsappInput.shape;
  const cloud = cloudCredentials.shape;
  return z
    .object({
      ...fields,
      transferQueueId: orNone(transferQueueId),
      sendIdQueue: orNone(sendIdQueue),
      promptId: orNone(promptId),
      integrationId: orNone(integrationId),
      channel: whatsappChannel.default("baileys"),
      phoneNumberId: cloud.phoneNumberId.optional(),
      wabaId: cloud.wabaId.optional(),
      accessToken: cloud.accessToken.optional(),
      ownApp: z.boolean().default(false),
      appSecret: cloud.appSecret,
      verifyToken: cloud.verifyToken,
    })
    .superRefine((v, ctx) => {
      if (v.queueIds.length > 1 && !v.greetingMessage.trim()) {
        ctx.addIssue({ code: "custom", path: ["greetingMessage"], message: "connections.validation.greetingRequired" });
      }
      if (v.transferQueueId && !v.timeToTransfer) {
        ctx.addIssue({ code: "custom", path: ["timeToTransfer"], message: "connections.validation.transferTimeRequired" });
      }
      if (!v.transferQueueId && v.timeToTransfer) {
        ctx.addIssue({ code: "custom", path: ["transferQueueId"], message: "connections.validation.transferQueueRequired" });
      }
      if (v.channel !== "cloud") return;
      const required = (name: "phoneNumberId" | "wabaId" | "accessToken" | "appSecret" | "verifyToken", message = REQUIRED) => {
        if (!v[name]) ctx.addIssue({ code: "custom", path: [name], message });
      };
      required("phoneNumberId");
      required("wabaId");
      // A new app's secrets are both needed; a saved one's are kept when both are left empty.
      if (v.ownApp && (!existing?.ownApp || v.appSecret || v.verifyToken)) {
        required("appSecret");
        required("verifyToken");
      }
      if (!existing) required("accessToken");
      else if (cloudChanged(v, existing)) required("accessToken", "connections.validation.tokenToChange");
    });
}

/** Whether an edit changes what Meta must check again: the number, its account, or the app's secrets. */
function cloudChanged(v: { phoneNumberId?: string; wabaId?: string; ownApp: boolean; appSecret?: string; verifyToken?: string }, existing: CloudConnectionView) {
  return v.phoneNumberId !== existing.phoneNumberId || v.wabaId !== existing.wabaId || (v.ownApp && (!!v.appSecret || !!v.verifyToken));
}

export type ConnectionFormValue = z.output<ReturnType<typeof connectionFormSchema>>;

/** A number out of its range, in the form's words ("Use um número inteiro de 0 a 10080"). */
const wholeNumber = (max: number): FieldMessageOverrides => ({ other: messageWith("connections.validation.wholeNumber", { min: 0, max }) });

/** The form's texts for the contract's messages outside the vocabulary. */
export const CONNECTION_FORM_MESSAGES: Record<string, FieldMessageOverrides> = {
  timeToTransfer: wholeNumber(LIMITS.minutes),
  timeUseBotQueues: wholeNumber(LIMITS.minutes),
  maxUseBotQueues: wholeNumber(LIMITS.menuSends),
  expiresTicket: wholeNumber(LIMITS.hours),
};

/**
 * The form's value as the API takes it: queues once each, and no transfer time without its queue. A Cloud API
 * connection carries its credentials when it is made, and when edited only with a new token (none keeps the saved
 * one); the channel never changes after creation.
 */
export function toPayload(value: ConnectionFormValue, existing?: CloudConnectionView | null): ConnectionPayload {
  const { channel, phoneNumberId, wabaId, accessToken, ownApp, appSecret, verifyToken, ...fields } = value;
  const payload: ConnectionPayload = { ...fields, queueIds: [...new Set(value.queueIds)], timeToTransfer: value.transferQueueId ? value.timeToTransfer : null };
  if (channel !== "cloud" || !phoneNumberId || !wabaId || !accessToken) return payload;
  const cloud = { phoneNumberId, wabaId, accessToken, ...(ownApp && appSecret && verifyToken ? { appSecret, verifyToken } : {}) };
  return existing ? { ...payload, cloud } : { ...payload, channel, cloud };
}

/** The pairing code's number: any of the contract's refusals reads as the one hint of what to type. */
const numberInvalid = "connections.qr.numberInvalid";
export const PAIRING_FORM_MESSAGES: Record<string, FieldMessageOverrides> = {
  number: { required: numberInvalid, tooLong: numberInvalid, other: numberInvalid },
};
