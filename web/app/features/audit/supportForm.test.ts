import { describe, expect, it } from "vitest";
import { supportAccessForm, SUPPORT_DURATIONS } from "./supportForm";

describe("the support access form", () => {
  it("reads the company, the reason and the minutes from its text fields, as the API's contract takes them", () => {
    expect(supportAccessForm.parse({ companyId: "42", reason: "  Cliente pediu ajuda com a fila  ", minutes: "60" })).toEqual({
      companyId: 42,
      reason: "Cliente pediu ajuda com a fila",
      minutes: 60,
    });
  });

  it("refuses a missing company, a short reason and a duration out of bounds", () => {
    const result = supportAccessForm.safeParse({ companyId: "", reason: "curto", minutes: "5" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["companyId", "reason", "minutes"]));
  });

  it("offers only durations the contract allows", () => {
    expect(SUPPORT_DURATIONS.length).toBeGreaterThan(0);
    for (const m of SUPPORT_DURATIONS) expect(supportAccessForm.shape.minutes.safeParse(String(m)).success).toBe(true);
  });
});
