import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { platformLogos } from "../../db/control";
import { call, companyWithTeam, control, platformAdmin, testEnv } from "../../testing/fixtures";
import { PNG } from "../../testing/media";
import { formWithFile, rawCall } from "../../testing/records";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let superToken: string;
let team: Team;
beforeAll(async () => {
  superToken = (await platformAdmin()).user.token;
  team = await companyWithTeam();
});

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);

const upload = (ref: string, content: BlobPart, name: string, token = superToken, type = "image/png") =>
  call("POST", `/api/settings/media-upload?ref=${ref}`, { token, rawBody: formWithFile("file", content, name, type) });

describe("POST /api/settings/media-upload", () => {
  it("stores a super user's light logo in R2 and serves it publicly with a versioned URL cached for good", async () => {
    const up = await upload("light", PNG, "logo.png");
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ mensagem: "Arquivo Anexado", kind: "light" });
    expect(up.json.url).toMatch(/^\/api\/logos\/light\?v=\d+$/);

    const list = await call("GET", "/api/logos");
    expect(list.status).toBe(200);
    expect(list.json.light).toBe(up.json.url);

    const file = await rawCall("GET", up.json.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    const unversioned = await rawCall("GET", "/api/logos/light");
    expect(unversioned.headers.get("cache-control")).toBe("public, max-age=300");
    await unversioned.body?.cancel();
  });

  it("takes SVG and ICO by their bytes, serving an SVG under a policy that runs nothing in it", async () => {
    expect((await upload("dark", SVG, "dark.svg", superToken, "image/svg+xml")).status).toBe(200);
    expect((await upload("favicon-256x256", ICO, "favicon.ico", superToken, "image/x-icon")).json.kind).toBe("favicon");
    const svg = await rawCall("GET", "/api/logos/dark");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toContain("sandbox");
    await svg.body?.cancel();
    const ico = await rawCall("GET", "/api/logos/favicon");
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    await ico.body?.cancel();
  });

  it("refuses a file that is not PNG, ICO or SVG whatever its name says, and a missing file or destination", async () => {
    const before = await control.select().from(platformLogos).where(eq(platformLogos.kind, "light")).get();
    const jpeg = await upload("light", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), "logo.png");
    expect(jpeg.status).toBe(400);
    expect(jpeg.json.fields).toEqual({ file: "Use somente arquivos em formato PNG, ICO ou SVG!" });
    const html = await upload("light", "<html><script>alert(1)</script></html>", "logo.svg", superToken, "image/svg+xml");
    expect(html.status).toBe(400);
    expect((await upload("banner", PNG, "logo.png")).json.fields).toEqual({ ref: "Escolha um destino!" });
    expect((await call("POST", "/api/settings/media-upload?ref=light", { token: superToken, rawBody: formWithFile("other", PNG, "x.png") })).status).toBe(400);
    expect(await control.select().from(platformLogos).where(eq(platformLogos.kind, "light")).get()).toEqual(before);
  });

  it("refuses a file over 512 KB with 413", async () => {
    const big = new Uint8Array(600 * 1024);
    big.set(PNG);
    expect((await upload("light", big, "big.png")).status).toBe(413);
  });

  it("refuses a company admin with 403 and an anonymous caller with 401, storing nothing", async () => {
    const before = await testEnv.MEDIA.head("platform/logos/favicon");
    expect((await upload("favicon", PNG, "x.png", team.admin.token)).status).toBe(403);
    expect((await call("POST", "/api/settings/media-upload?ref=favicon", { rawBody: formWithFile("file", PNG, "x.png", "image/png") })).status).toBe(401);
    expect((await testEnv.MEDIA.head("platform/logos/favicon"))?.etag).toBe(before?.etag);
  });
});

describe("DELETE /api/settings/logos/:kind", () => {
  it("goes back to the built-in logo: the URL is null and the file gone", async () => {
    await upload("dark", PNG, "dark.png");
    expect((await call("DELETE", "/api/settings/logos/dark", { token: team.admin.token })).status).toBe(403);
    expect((await call("GET", "/api/logos")).json.dark).not.toBeNull();
    expect((await call("DELETE", "/api/settings/logos/dark", { token: superToken })).status).toBe(200);
    expect((await call("GET", "/api/logos")).json.dark).toBeNull();
    expect((await rawCall("GET", "/api/logos/dark")).status).toBe(404);
    expect((await call("DELETE", "/api/settings/logos/nothing", { token: superToken })).status).toBe(404);
  });
});

describe("GET /api/logos/:kind", () => {
  it("answers 304 to a browser that has the current version, and 404 for an unknown kind", async () => {
    const up = await upload("light", PNG, "logo.png");
    const etag = `"${up.json.url.split("v=")[1]}"`;
    const again = await call("GET", up.json.url, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await call("GET", "/api/logos/banner")).status).toBe(404);
  });
});

describe("a logo named by a key every object has", () => {
  const KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

  it("is no logo: 404 to anyone reading it, 400 to an upload and 404 to a delete, nothing stored", async () => {
    for (const key of KEYS) {
      expect((await call("GET", `/api/logos/${key}`)).status, key).toBe(404);
      const up = await upload(key, PNG, "logo.png");
      expect(up.status, key).toBe(400);
      expect(up.json.fields).toHaveProperty("ref");
      expect((await call("DELETE", `/api/settings/logos/${key}`, { token: superToken })).status, key).toBe(404);
    }
    const kinds = (await control.select({ kind: platformLogos.kind }).from(platformLogos)).map((r) => r.kind);
    expect(kinds.filter((k) => KEYS.includes(k))).toEqual([]);
  });
});
