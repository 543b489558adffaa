import { describe, expect, it } from "vitest";
import { publicRoutes } from "./routes";

describe("the public API's declarations", () => {
  it("give every endpoint an example its response schema accepts, and one declaration per method and path", () => {
    for (const route of publicRoutes) {
      if (route.response.status === 204) continue;
      const parsed = route.response.schema.safeParse(route.response.example);
      expect(parsed.success, `${route.method.toUpperCase()} ${route.path}: ${parsed.error?.message}`).toBe(true);
    }
    const keys = publicRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const operationIds = publicRoutes.map((r) => r.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});
