import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { describeAction, describeActions } from "./describeAction";
import { NO_LOOKUPS, type ActionLookups } from "./lookups";

const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;
const lookups: ActionLookups = {
  ...NO_LOOKUPS,
  queues: [{ id: 7, name: "Suporte", color: "#000" }],
  tags: [
    { id: 1, name: "Resolvido", color: "#0f0" },
    { id: 2, name: "VIP", color: "#f00" },
  ],
};

describe("describeAction", () => {
  it("names the queue and the tags an action points at", () => {
    expect(describeAction({ type: "assignQueue", queueId: 7 }, lookups, t)).toBe('automationActions.describe.assignQueue {"name":"Suporte"}');
    expect(describeAction({ type: "addTags", tagIds: [1, 2] }, lookups, t)).toBe('automationActions.describe.addTags {"names":"Resolvido, VIP"}');
  });

  it("says a queue that is gone was removed instead of showing its id", () => {
    expect(describeAction({ type: "assignQueue", queueId: 99 }, lookups, t)).toBe('automationActions.describe.assignQueue {"name":"automationActions.describe.unknown"}');
  });

  it("shortens a long message and joins a list in order", () => {
    const body = "x".repeat(100);
    expect(describeAction({ type: "sendMessage", body }, lookups, t)).toContain(`${"x".repeat(59)}…`);
    expect(describeActions([{ type: "close" }, { type: "setPriority", priority: "high" }], lookups, t)).toBe(
      'automationActions.describe.close · automationActions.describe.setPriority {"priority":"automationActions.priorities.high"}',
    );
  });
});
