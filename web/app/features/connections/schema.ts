import type { TFunction } from "i18next";
import { z } from "zod";
import type { ConnectionPayload } from "./types";
import "./texts";

/** Limits as the server has them (worker/contracts/whatsapps.ts). */
export const LIMITS = { minutes: 7 * 24 * 60, hours: 365 * 24, menuSends: 100, message: 4096 };

/**
 * The connection dialog's rules, with the same limits and cross-field rules as the server: name 2 to 50 and
 * required (spec 001 §5), a greeting with more than one queue, an auto-transfer needs queue and time.
 * Selects send "0" for none.
 */
export function connectionFormSchema(t: TFunction) {
  const whole = (max: number) => {
    const message = t("connections.validation.wholeNumber", { min: 0, max });
    return z.number({ error: message }).int(message).min(0, message).max(max, message);
  };
  const text = z.string().max(LIMITS.message, t("validation.tooLong")).optional();
  const ref = z.number().int().min(0).optional();
  return z
    .object({
      name: z.string({ error: t("validation.required") }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
      isDefault: z.boolean().optional(),
      queueIds: z.array(z.number().int().positive()).default([]),
      greetingMessage: text,
      complationMessage: text,
      outOfHoursMessage: text,
      ratingMessage: text,
      transferQueueId: ref,
      timeToTransfer: whole(LIMITS.minutes).optional(),
      sendIdQueue: ref,
      timeUseBotQueues: whole(LIMITS.minutes).optional(),
      maxUseBotQueues: whole(LIMITS.menuSends).optional(),
      promptId: ref,
      integrationId: ref,
      expiresTicket: whole(LIMITS.hours).optional(),
      expiresInactiveMessage: text,
    })
    .superRefine((v, ctx) => {
      if (v.queueIds.length > 1 && !v.greetingMessage?.trim()) {
        ctx.addIssue({ code: "custom", path: ["greetingMessage"], message: t("connections.validation.greetingRequired") });
      }
      if (v.transferQueueId && !v.timeToTransfer) {
        ctx.addIssue({ code: "custom", path: ["timeToTransfer"], message: t("connections.validation.transferTimeRequired") });
      }
      if (!v.transferQueueId && v.timeToTransfer) {
        ctx.addIssue({ code: "custom", path: ["transferQueueId"], message: t("connections.validation.transferQueueRequired") });
      }
    });
}
export type ConnectionFormValue = z.infer<ReturnType<typeof connectionFormSchema>>;

/** The form's value as the API takes it ("0" selects and empty numbers become null or the defaults). */
export function toPayload(value: ConnectionFormValue): ConnectionPayload {
  const id = (v: number | undefined) => (v ? v : null);
  return {
    name: value.name,
    isDefault: value.isDefault ?? false,
    queueIds: [...new Set(value.queueIds)],
    greetingMessage: value.greetingMessage ?? "",
    complationMessage: value.complationMessage ?? "",
    outOfHoursMessage: value.outOfHoursMessage ?? "",
    ratingMessage: value.ratingMessage ?? "",
    transferQueueId: id(value.transferQueueId),
    timeToTransfer: value.transferQueueId ? (value.timeToTransfer ?? null) : null,
    promptId: id(value.promptId),
    integrationId: id(value.integrationId),
    expiresTicket: value.expiresTicket ?? 0,
    expiresInactiveMessage: value.expiresInactiveMessage ?? "",
    timeUseBotQueues: value.timeUseBotQueues ?? 0,
    maxUseBotQueues: value.maxUseBotQueues ?? 3,
    sendIdQueue: id(value.sendIdQueue),
  };
}
