import { describe, expect, it } from "vitest";
import { call, companyWithTeam } from "../testing/fixtures";

const tag = (name: string) => JSON.stringify({ name, color: "#A4CCCC" });

describe("JSON bodies (jsonBody)", () => {
  it("answer 415 to a JSON text sent as anything but application/json, and change nothing", async () => {
    const { admin } = await companyWithTeam();
    // What a cross-site <form enctype="text/plain"> or a curl -d sends: no CORS preflight guards these types.
    for (const type of ["text/plain;charset=UTF-8", "application/x-www-form-urlencoded"]) {
      const res = await call("POST", "/api/tags", { token: admin.token, rawBody: tag(`Forjada ${type}`), headers: { "content-type": type } });
      expect(res.status).toBe(415);
      expect(res.json.error).toBe("ERR_UNSUPPORTED_CONTENT_TYPE");
    }
    const untyped = await call("POST", "/api/tags", { token: admin.token, rawBody: new TextEncoder().encode(tag("Sem tipo")) });
    expect(untyped.status).toBe(415);
    const list = await call("GET", "/api/tags", { token: admin.token });
    expect(list.json.tags).toEqual([]);
  });

  it("answer 415 to multipart on a route that only reads JSON, before reading it", async () => {
    const { admin } = await companyWithTeam();
    const form = new FormData();
    form.append("name", "Formulário");
    form.append("padding", "x".repeat(2 * 1024 * 1024));
    const res = await call("POST", "/api/tags", { token: admin.token, rawBody: form });
    expect(res.status).toBe(415);
    expect(res.json.error).toBe("ERR_UNSUPPORTED_CONTENT_TYPE");
  });

  it("take application/json with its parameters, and an empty body with no type as no fields (an update of nothing: 400)", async () => {
    const { admin } = await companyWithTeam();
    const created = await call("POST", "/api/tags", {
      token: admin.token,
      rawBody: tag("Com charset"),
      headers: { "content-type": "Application/JSON; charset=utf-8" },
    });
    expect(created.status).toBe(201);
    // Not refused for its (missing) type: read as no fields, which an update refuses as having nothing to change.
    const unchanged = await call("PUT", `/api/tags/${created.json.id}`, { token: admin.token });
    expect(unchanged.status).toBe(400);
    expect(unchanged.json.error).toBe("ERR_VALIDATION");
    expect((await call("GET", `/api/tags/${created.json.id}`, { token: admin.token })).json.name).toBe("Com charset");
  });
});
