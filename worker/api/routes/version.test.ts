import { describe, expect, it } from "vitest";
import { call, companyWithTeam } from "../../testing/fixtures";

describe("paths as the spec writes them", () => {
  it("answers with or without a trailing slash", async () => {
    const { admin } = await companyWithTeam();
    expect((await call("GET", "/api/users/", { token: admin.token })).status).toBe(200);
    expect((await call("GET", "/api/settings/", { token: admin.token })).status).toBe(200);
  });
});
