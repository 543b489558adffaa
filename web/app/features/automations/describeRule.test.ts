import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { describeCondition, describeTrigger } from "./describeRule";

const WEEKDAYS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];
const t = ((key: string, values?: Record<string, unknown>) => {
  if (key === "automations.weekdays") return WEEKDAYS;
  if (key === "automations.conditions.or") return " ou ";
  const args = values ? Object.fromEntries(Object.entries(values).filter(([k]) => k !== "returnObjects")) : {};
  return Object.keys(args).length ? `${key} ${JSON.stringify(args)}` : key;
}) as unknown as TFunction;
const lookups = {
  queues: [{ id: 1, name: "Vendas", color: "#000" }],
  connections: [{ id: 5, name: "Comercial", status: "CONNECTED" }],
  tags: [{ id: 9, name: "VIP", color: "#f00" }],
};

describe("describeTrigger", () => {
  it("says a silence with its minutes", () => {
    expect(describeTrigger({ type: "agentSilent", minutes: 30 }, t)).toBe('automations.triggers.agentSilent {"minutes":30}');
  });
});

describe("describeCondition", () => {
  it("names the queues, with 'no queue' where the condition takes it, and a removed one as removed", () => {
    expect(describeCondition({ field: "queue", op: "in", queueIds: [1, 2], none: true }, lookups, t)).toBe(
      'automations.conditions.queueIn {"names":"Vendas ou automations.conditions.unknown ou automations.conditions.queueNone"}',
    );
  });

  it("names the connection and the tag", () => {
    expect(describeCondition({ field: "connection", op: "notIn", whatsappIds: [5] }, lookups, t)).toBe('automations.conditions.connectionNotIn {"names":"Comercial"}');
    expect(describeCondition({ field: "tag", op: "hasNot", tagId: 9 }, lookups, t)).toBe('automations.conditions.tagHasNot {"name":"VIP"}');
  });

  it("says the weekdays of a time of day in order, and none when every day", () => {
    expect(describeCondition({ field: "timeOfDay", from: "18:00", to: "08:00", weekdays: [5, 1] }, lookups, t)).toBe(
      'automations.conditions.timeOfDayOn {"from":"18:00","to":"08:00","days":"Seg, Sex"}',
    );
    expect(describeCondition({ field: "timeOfDay", from: "08:00", to: "12:00", weekdays: [] }, lookups, t)).toBe(
      'automations.conditions.timeOfDay {"from":"08:00","to":"12:00","days":""}',
    );
  });

  it("says a message text and a contact field with their values", () => {
    expect(describeCondition({ field: "messageText", op: "contains", value: "preço", caseSensitive: false }, lookups, t)).toBe('automations.conditions.messageTextContains {"value":"preço"}');
    expect(describeCondition({ field: "contactField", name: "Plano", op: "isSet", value: "" }, lookups, t)).toBe('automations.conditions.contactFieldIsSet {"name":"Plano","value":""}');
  });
});
