import { describe, expect, it } from "vitest";
import { endOfDayIn, newApiTokenSchema } from "./schema";
import { stateOf, type ApiTokenRow } from "./types";

describe("the new API token form", () => {
  it("reads an expiry day as the end of that day in the company's time zone", () => {
    expect(endOfDayIn("2026-12-31", "America/Sao_Paulo")!.toISOString()).toBe("2027-01-01T02:59:59.000Z");
    expect(endOfDayIn("31/12/2026", "America/Sao_Paulo")).toBeNull();
  });

  it("asks for a scope and refuses a day already over, and takes a blank expiry as none", () => {
    const now = () => Date.parse("2026-11-29T12:00:00Z");
    const schema = newApiTokenSchema("America/Sao_Paulo", now);
    const issues = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];
    expect(issues({ name: "ERP", scopes: [], expiresOn: "2026-11-28" })).toEqual([
      ["scopes", "apiTokens.validation.scopes"],
      ["expiresOn", "apiTokens.validation.future"],
    ]);
    expect(issues({ name: "ERP", scopes: ["company:read"], expiresOn: "2026-11-29" })).toEqual([]);
    expect(issues({ name: "ERP", scopes: ["company:read"] })).toEqual([]);
  });
});

describe("an API token's state", () => {
  const token = (patch: Partial<ApiTokenRow>): ApiTokenRow => ({
    id: 1,
    name: "ERP",
    prefix: "zdk_2_AbCd",
    scopes: ["company:read"],
    expiresAt: null,
    lastUsedAt: null,
    createdBy: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    revokedAt: null,
    ...patch,
  });
  const now = Date.parse("2026-11-29T12:00:00Z");

  it("is active, expired once its expiry passed, and revoked above all", () => {
    expect(stateOf(token({}), now)).toBe("active");
    expect(stateOf(token({ expiresAt: "2026-12-01T00:00:00.000Z" }), now)).toBe("active");
    expect(stateOf(token({ expiresAt: "2026-11-29T11:59:59.000Z" }), now)).toBe("expired");
    expect(stateOf(token({ expiresAt: "2026-11-29T11:59:59.000Z", revokedAt: "2026-11-20T00:00:00.000Z" }), now)).toBe("revoked");
  });
});
