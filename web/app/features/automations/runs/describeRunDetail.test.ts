import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { describeRunDetail } from "./describeRunDetail";

const t = ((key: string, values?: Record<string, unknown>) => {
  const { defaultValue: _ignored, ...args } = values ?? {};
  return Object.keys(args).length ? `${key} ${JSON.stringify(args)}` : key;
}) as unknown as TFunction;

describe("describeRunDetail", () => {
  it("says what an action did with the names it gives, the priority in words", () => {
    expect(describeRunDetail({ code: "action.addTags", args: { tags: "Vendas" } }, t)).toBe('automations.detail.action.addTags {"tags":"Vendas"}');
    expect(describeRunDetail({ code: "action.setPriority", args: { priority: "high" } }, t)).toBe(
      'automations.detail.action.setPriority {"priority":"automationActions.priorities.high"}',
    );
  });

  it("names the action skipped or refused, with its reason or error in words", () => {
    expect(describeRunDetail({ code: "actionSkipped.sendTemplate", args: { reason: "notCloud" } }, t)).toBe(
      'automations.detail.actionSkipped {"action":"automationActions.types.sendTemplate","reason":"automations.detail.reasons.notCloud"}',
    );
    expect(describeRunDetail({ code: "actionFailed.close", args: { error: "ERR_NO_PERMISSION" } }, t)).toBe(
      'automations.detail.actionFailed {"action":"automationActions.types.close","error":"errors.ERR_NO_PERMISSION {\\"dueDate\\":\\"\\"}"}',
    );
  });

  it("names the condition that did not hold, the loop guard's count, and a ticket gone", () => {
    expect(describeRunDetail({ code: "condition.messageText" }, t)).toBe('automations.detail.condition {"field":"automations.editor.fields.messageText"}');
    expect(describeRunDetail({ code: "loopGuard", args: { times: 3 } }, t)).toBe('automations.detail.loopGuard {"times":3}');
    expect(describeRunDetail({ code: "ticketGone" }, t)).toBe("automations.detail.ticketGone");
  });
});
