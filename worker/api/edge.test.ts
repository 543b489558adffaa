import { describe, expect, it } from "vitest";
import { call, companyWithTeam } from "../testing/fixtures";

describe("an unknown /api path", () => {
  it("answers the JSON 404 shape to a logged-in caller, whatever the method", async () => {
    const { agent } = await companyWithTeam();
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call(method, "/api/no-such-resource/42", { token: agent.token, body: method === "POST" ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "ERR_NOT_FOUND", message: "Not found." });
    }
  });

  it("answers an anonymous caller 401 in the JSON error shape, as every path that needs a session does", async () => {
    // The edge does not know the hub's routes: without a session, known and unknown paths look alike.
    for (const path of ["/api/no-such-resource/42", "/api/users"]) {
      const res = await call("GET", path);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: "ERR_SESSION_EXPIRED", message: expect.any(String) });
    }
  });
});
