import { beforeAll, describe, expect, it } from "vitest";
import { call, control, platformAdmin, testEnv } from "../../testing/fixtures";
import { PNG } from "../../testing/media";
import { formWithFile } from "../../testing/records";
import { BUILT_IN_ICONS, manifestIcons, pngSize } from "./manifestIcons";

let superToken: string;
beforeAll(async () => {
  superToken = (await platformAdmin()).user.token;
});

/** The first 33 bytes of a PNG of this size (signature and IHDR): all the sniffer and the manifest read. */
function pngHead(width: number, height: number) {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const upload = (ref: string, content: Uint8Array<ArrayBuffer>, name: string, type: string) =>
  call("POST", `/api/settings/media-upload?ref=${ref}`, { token: superToken, rawBody: formWithFile("file", content, name, type) });
const remove = (kind: string) => call("DELETE", `/api/settings/logos/${kind}`, { token: superToken });
const icons = () => manifestIcons({ control, env: testEnv });

describe("the web app manifest's icons", () => {
  it("reads a PNG's size from its header", () => {
    expect(pngSize(pngHead(512, 256))).toEqual({ width: 512, height: 256 });
    expect(pngSize(PNG)).toEqual({ width: 1, height: 1 });
    expect(pngSize(new TextEncoder().encode("<svg></svg>"))).toBeNull();
  });

  it("offers the uploaded square PNG favicon at its real size before the built-in icons, and only the built-in ones once it is gone", async () => {
    await remove("favicon");
    await remove("light");
    expect(await icons()).toEqual(BUILT_IN_ICONS);
    const up = await upload("favicon", pngHead(256, 256), "icon.png", "image/png");
    expect(up.status).toBe(200);
    expect(await icons()).toEqual([{ src: up.json.url, sizes: "256x256", type: "image/png", purpose: "any" }, ...BUILT_IN_ICONS]);
    await remove("favicon");
    expect(await icons()).toEqual(BUILT_IN_ICONS);
  });

  it("leaves out a logo too small or not square for a home screen, and an ICO; takes an SVG at any size", async () => {
    await remove("favicon");
    await upload("light", pngHead(600, 200), "wide.png", "image/png");
    expect(await icons()).toEqual(BUILT_IN_ICONS);
    await upload("favicon", pngHead(64, 64), "small.png", "image/png");
    expect(await icons()).toEqual(BUILT_IN_ICONS);
    await upload("favicon", new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]), "f.ico", "image/x-icon");
    expect(await icons()).toEqual(BUILT_IN_ICONS);
    // The favicon (an ICO) cannot serve: the light logo, a square SVG here, does.
    const svg = await upload("light", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'), "logo.svg", "image/svg+xml");
    expect(await icons()).toEqual([{ src: svg.json.url, sizes: "any", type: "image/svg+xml", purpose: "any" }, ...BUILT_IN_ICONS]);
    await remove("favicon");
    await remove("light");
  });
});
