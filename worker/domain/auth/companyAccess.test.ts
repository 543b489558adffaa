import { describe, expect, it } from "vitest";
import { isBillingPath } from "./companyAccess";

describe("the paths an expired company's admin may still reach", () => {
  it("include the company's own record and plan by any id, high ones included", () => {
    for (const id of [1, 9_000, 9_998_000_000_001]) {
      expect(isBillingPath(`/api/companies/${id}`)).toBe(true);
      expect(isBillingPath(`/api/companies/listPlan/${id}`)).toBe(true);
    }
  });

  it("are not a company path whose last segment is not an id", () => {
    for (const segment of ["0", "007", "list"]) expect(isBillingPath(`/api/companies/${segment}`), segment).toBe(false);
    expect(isBillingPath("/api/companies/listPlan/0")).toBe(false);
  });
});
