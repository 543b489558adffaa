import { z } from "zod";
import { createWhatsappInput } from "../../../../worker/contracts/whatsapps";
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
 * spec 001 §5; the messages' length; the numbers' ranges; its defaults for what is left blank). The channel and the
 * Cloud API's credentials are not the dialog's. The page's own rules, said at once rather than after the save: a
 * greeting with more than one queue, and an auto-transfer takes both its queue and its time.
 */
export function connectionFormSchema() {
  const { channel: _channel, cloud: _cloud, transferQueueId, sendIdQueue, promptId, integrationId, ...fields } = createWhatsappInput.shape;
  return z
    .object({
      ...fields,
      transferQueueId: orNone(transferQueueId),
      sendIdQueue: orNone(sendIdQueue),
      promptId: orNone(promptId),
      integrationId: orNone(integrationId),
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
    });
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

/** The form's value as the API takes it: queues once each, and no transfer time without its queue. */
export function toPayload(value: ConnectionFormValue): ConnectionPayload {
  return { ...value, queueIds: [...new Set(value.queueIds)], timeToTransfer: value.transferQueueId ? value.timeToTransfer : null };
}

/** The pairing code's number: any of the contract's refusals reads as the one hint of what to type. */
const numberInvalid = "connections.qr.numberInvalid";
export const PAIRING_FORM_MESSAGES: Record<string, FieldMessageOverrides> = {
  number: { required: numberInvalid, tooLong: numberInvalid, other: numberInvalid },
};
