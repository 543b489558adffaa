import { describe, expect, it } from "vitest";
import type { AutomationCondition } from "../../../contracts/automation/rules";
import { conditionFailed } from "./conditionFailed";
import type { RuleFacts } from "./ruleFacts";

// Wednesday 2026-11-25 14:30 in São Paulo (UTC-3).
const WEDNESDAY_1430 = new Date("2026-11-25T17:30:00Z");

const facts = (over: Partial<RuleFacts> = {}): RuleFacts => ({
  ticket: { id: 1, uuid: "u", status: "open", userId: 7, queueId: 3, whatsappId: 5, contactId: 9, isGroup: false, priority: "normal" },
  contact: { name: "Ana", number: "5511999990000", email: "" },
  fields: new Map([["plano", "Ouro"]]),
  tagIds: new Set([11]),
  assigneeProfile: "user",
  channel: "baileys",
  timezone: "America/Sao_Paulo",
  messageText: "Quero o Boleto do pedido 12345",
  now: WEDNESDAY_1430,
  ...over,
});

/** Each condition with a fact it holds on and one it does not. */
const cases: [string, AutomationCondition, Partial<RuleFacts>, Partial<RuleFacts>][] = [
  ["queue in", { field: "queue", op: "in", queueIds: [3], none: false }, {}, { ticket: { ...facts().ticket, queueId: 4 } }],
  ["queue in, none", { field: "queue", op: "in", queueIds: [], none: true }, { ticket: { ...facts().ticket, queueId: null } }, {}],
  ["queue notIn", { field: "queue", op: "notIn", queueIds: [4], none: false }, {}, { ticket: { ...facts().ticket, queueId: 4 } }],
  ["connection in", { field: "connection", op: "in", whatsappIds: [5] }, {}, { ticket: { ...facts().ticket, whatsappId: 6 } }],
  ["connection notIn", { field: "connection", op: "notIn", whatsappIds: [6] }, {}, { ticket: { ...facts().ticket, whatsappId: 6 } }],
  ["tag has", { field: "tag", op: "has", tagId: 11 }, {}, { tagIds: new Set() }],
  ["tag hasNot", { field: "tag", op: "hasNot", tagId: 12 }, {}, { tagIds: new Set([12]) }],
  ["contactField equals (any case)", { field: "contactField", name: "plano", op: "equals", value: "ouro" }, {}, { fields: new Map([["plano", "Prata"]]) }],
  ["contactField contains", { field: "contactField", name: "plano", op: "contains", value: "ur" }, {}, { fields: new Map() }],
  ["contactField isSet", { field: "contactField", name: "plano", op: "isSet", value: "" }, {}, { fields: new Map([["plano", " "]]) }],
  ["contactField isNotSet", { field: "contactField", name: "cpf", op: "isNotSet", value: "" }, {}, { fields: new Map([["cpf", "123"]]) }],
  ["messageText contains", { field: "messageText", op: "contains", value: "boleto", caseSensitive: false }, {}, { messageText: "oi" }],
  ["messageText contains, case", { field: "messageText", op: "contains", value: "Boleto", caseSensitive: true }, {}, { messageText: "boleto" }],
  ["messageText matches", { field: "messageText", op: "matches", value: "pedido\\s+\\d{5}", caseSensitive: false }, {}, { messageText: "pedido 12" }],
  ["messageText on a trigger without message", { field: "messageText", op: "contains", value: "o", caseSensitive: false }, {}, { messageText: null }],
  ["timeOfDay", { field: "timeOfDay", from: "08:00", to: "18:00", weekdays: [] }, {}, { now: new Date("2026-11-25T22:00:00Z") }],
  ["timeOfDay past midnight", { field: "timeOfDay", from: "22:00", to: "06:00", weekdays: [] }, { now: new Date("2026-11-26T04:00:00Z") }, {}],
  ["timeOfDay weekdays", { field: "timeOfDay", from: "00:00", to: "23:59", weekdays: [3] }, {}, { now: new Date("2026-11-26T17:30:00Z") }],
  ["assigneeProfile", { field: "assigneeProfile", profiles: ["user"], none: false }, {}, { assigneeProfile: "admin" }],
  ["assigneeProfile none", { field: "assigneeProfile", profiles: [], none: true }, { assigneeProfile: null }, {}],
];

describe("a rule's conditions", () => {
  it.each(cases)("%s: holds on the one fact, not on the other", (_name, condition, holding, failing) => {
    expect(conditionFailed([condition], facts(holding))).toBeNull();
    expect(conditionFailed([condition], facts(failing))).toBe(condition);
  });

  it("answer the first that does not hold, in their order", () => {
    const a: AutomationCondition = { field: "tag", op: "has", tagId: 99 };
    const b: AutomationCondition = { field: "queue", op: "in", queueIds: [4], none: false };
    expect(conditionFailed([{ field: "tag", op: "has", tagId: 11 }, a, b], facts())).toBe(a);
  });

  it("never run an unsafe pattern (a rule saved before the guard): it does not hold", () => {
    expect(conditionFailed([{ field: "messageText", op: "matches", value: "(a+)+$", caseSensitive: false }], facts({ messageText: "a".repeat(40) + "!" }))).not.toBeNull();
  });
});
