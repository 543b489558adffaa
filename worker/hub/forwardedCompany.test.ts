import { describe, expect, it } from "vitest";
import { HUB_COMPANY_HEADER } from "../api/forwarding";
import { companyWithTeam, hubOf, ORIGIN } from "../testing/fixtures";

describe("a request the worker forwards to a company's hub", () => {
  it("names its company by the id contract: the id as the worker writes it, never text that only looks like it", async () => {
    const { company, admin } = await companyWithTeam();
    const forward = (named: string) =>
      hubOf(company.id).fetch(new Request(`${ORIGIN}/api/auth/me`, { headers: { authorization: `Bearer ${admin.token}`, [HUB_COMPANY_HEADER]: named } }));
    expect((await forward(String(company.id))).status).toBe(200);
    // Number() read these as the company's id.
    for (const named of [`${company.id}.0`, `0x${company.id.toString(16)}`]) {
      const res = await forward(named);
      expect(res.status, named).toBe(404);
      expect(await res.json()).toMatchObject({ error: "ERR_NOT_FOUND" });
    }
  });
});
