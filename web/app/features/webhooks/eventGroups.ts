import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../../../worker/contracts/publicApi/events";

/** The checklist's groups, in the order the dialog shows them: each event type belongs to the group of its prefix. */
export const EVENT_GROUPS = ["message", "ticket", "contact", "rating", "campaign", "connection", "automation"] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

export const groupOf = (type: WebhookEventType) => type.split(".")[0] as EventGroup;

export const eventsOfGroup = (group: EventGroup): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((type) => groupOf(type) === group);

/** The translation key of an event's label or one-line explanation ("message.created" → webhooks.events.message.created.label). */
export const eventTextKey = (type: string, part: "label" | "hint") => `webhooks.events.${type}.${part}`;
