import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from "../../../../worker/contracts/publicApi/events";
import { EVENT_GROUPS, eventsOfGroup, eventTextKey } from "./eventGroups";
import { en } from "./i18n.en";
import { es } from "./i18n.es";
import { ptBR } from "./i18n";

/** A text of the feature by its key under `webhooks.` ("webhooks.events.message.created.label"). */
const textOf = (texts: unknown, key: string) => key.split(".").slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe("the webhook dialog's event checklist", () => {
  it("puts every event type in exactly one group", () => {
    const grouped = EVENT_GROUPS.flatMap(eventsOfGroup);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it("names and explains every event, the test event included, in pt-BR, en and es", () => {
    const missing = Object.entries({ "pt-BR": ptBR, en, es }).flatMap(([lang, texts]) =>
      [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].flatMap((type) =>
        (["label", "hint"] as const).filter((part) => typeof textOf(texts, eventTextKey(type, part)) !== "string").map((part) => `${lang} ${type} ${part}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
