import { afterEach, describe, expect, it, vi } from "vitest";
import { useFakeService } from "../testing/useFakeService";
import { EgressError, egressFetch, egressPolicy, egressRefusal, MAX_REDIRECTS } from "./egress";

afterEach(() => vi.restoreAllMocks());

const none = egressPolicy({});
const limits = { timeoutMs: 2_000, maxBytes: 1024 };

describe("egressRefusal", () => {
  it.each([
    // loopback, private, link-local, CGNAT, "this network", metadata, multicast, reserved, documentation
    ["https://127.0.0.1/", "address"],
    ["https://127.1.2.3:8443/x", "address"],
    ["https://10.0.0.1/", "address"],
    ["https://172.16.0.1/", "address"],
    ["https://172.31.255.255/", "address"],
    ["https://192.168.0.10/", "address"],
    ["https://169.254.169.254/latest/meta-data/", "address"],
    ["https://100.64.0.1/", "address"],
    ["https://100.127.255.255/", "address"],
    ["https://0.0.0.0/", "address"],
    ["https://0.1.2.3/", "address"],
    ["https://224.0.0.1/", "address"],
    ["https://255.255.255.255/", "address"],
    ["https://198.18.0.1/", "address"],
    ["https://192.0.2.1/", "address"],
    // other spellings of 127.0.0.1, normalised by the URL parser before the check
    ["https://2130706433/", "address"],
    ["https://0x7f000001/", "address"],
    ["https://0x7f.0.0.1/", "address"],
    ["https://017700000001/", "address"],
    ["https://0177.0.0.1/", "address"],
    ["https://127.1/", "address"],
    ["https://127.0.0.1./", "address"],
    // IPv6: loopback, unspecified, unique-local, link-local, IPv4-mapped and -compatible, NAT64, 6to4 of a private one
    ["https://[::1]/", "address"],
    ["https://[::]/", "address"],
    ["https://[fc00::1]/", "address"],
    ["https://[fd12:3456::1]/", "address"],
    ["https://[fe80::1]/", "address"],
    ["https://[::ffff:127.0.0.1]/", "address"],
    ["https://[::ffff:7f00:1]/", "address"],
    ["https://[::ffff:169.254.169.254]/", "address"],
    ["https://[::127.0.0.1]/", "address"],
    ["https://[64:ff9b::a00:1]/", "address"],
    ["https://[2002:a00:1::]/", "address"],
    ["https://[2001:db8::1]/", "address"],
    ["https://[ff02::1]/", "address"],
    // names
    ["https://localhost/", "name"],
    ["https://LOCALHOST./", "name"],
    ["https://api.localhost/", "name"],
    ["https://metadata.google.internal/", "name"],
    ["https://printer.local/", "name"],
    ["https://router.home.arpa/", "name"],
    ["https://intranet/", "name"],
    // scheme and credentials
    ["http://api.example.com/", "scheme"],
    ["ftp://api.example.com/", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["https://user:pass@api.example.com/", "credentials"],
    ["https://user@api.example.com/", "credentials"],
    ["not a url", "invalid"],
  ])("refuses %s (%s)", (url, reason) => {
    expect(egressRefusal(url, none)).toBe(reason);
  });

  it.each(["https://api.openai.com/v1", "https://8.8.8.8/", "https://1.1.1.1:8443/x", "https://[2606:4700:4700::1111]/", "https://[2002:808:808::]/", "https://typebot.example.com.br/api", "https://100.128.0.1/"])(
    "lets %s through",
    (url) => {
      expect(egressRefusal(url, none)).toBeNull();
    },
  );

  it("lets the allow-list's origins through as they are, and only those exact origins", () => {
    const local = egressPolicy({ EGRESS_ALLOW: "http://127.0.0.1:8789, http://fake.test", APP_ENV: "development" });
    expect(egressRefusal("http://127.0.0.1:8789/openai/v1", local)).toBeNull();
    expect(egressRefusal("http://fake.test/x", local)).toBeNull();
    expect(egressRefusal("http://127.0.0.1:8790/", local)).toBe("scheme");
    expect(egressRefusal("https://127.0.0.1:8789/", local)).toBe("address");
    // Never credentials, even there.
    expect(egressRefusal("http://a:b@127.0.0.1:8789/", local)).toBe("credentials");
  });

  it("ignores an allow-list in a deployment", () => {
    for (const APP_ENV of ["production", undefined]) {
      expect(egressRefusal("http://127.0.0.1:8789/", egressPolicy({ EGRESS_ALLOW: "http://127.0.0.1:8789", APP_ENV }))).toBe("scheme");
    }
  });
});

describe("egressFetch", () => {
  it("follows redirects by hand, checking each hop, and leaves the key behind when the origin changes", async () => {
    const seen: { url: string; auth: string | null; method: string }[] = [];
    const record = async (request: Request) => {
      seen.push({ url: request.url, auth: request.headers.get("authorization"), method: request.method });
      const path = new URL(request.url).pathname;
      if (path === "/a") return new Response(null, { status: 307, headers: { location: "/b" } });
      if (path === "/b") return new Response(null, { status: 302, headers: { location: "https://cdn.example.net/c" } });
      return new Response("done");
    };
    useFakeService("https://api.example.com", record);
    useFakeService("https://cdn.example.net", record);
    const res = await egressFetch(none, "https://api.example.com/a", { method: "POST", headers: { authorization: "Bearer sk-1", "content-type": "application/json" }, body: "{}" }, limits);
    expect(res.text()).toBe("done");
    expect(res.url).toBe("https://cdn.example.net/c");
    expect(seen).toEqual([
      { url: "https://api.example.com/a", auth: "Bearer sk-1", method: "POST" },
      { url: "https://api.example.com/b", auth: "Bearer sk-1", method: "POST" },
      { url: "https://cdn.example.net/c", auth: null, method: "GET" },
    ]);
  });

  it("refuses a redirect into a private address without calling it", async () => {
    const reached: string[] = [];
    useFakeService("https://api.example.com", async () => new Response(null, { status: 301, headers: { location: "http://169.254.169.254/latest/meta-data/" } }));
    useFakeService("http://169.254.169.254", async (r) => {
      reached.push(r.url);
      return new Response("secret");
    });
    await expect(egressFetch(none, "https://api.example.com/", {}, limits)).rejects.toMatchObject({ name: "EgressError", reason: "forbidden" });
    expect(reached).toEqual([]);
  });

  it("stops after MAX_REDIRECTS hops", async () => {
    let hops = 0;
    useFakeService("https://loop.example.com", async () => {
      hops++;
      return new Response(null, { status: 302, headers: { location: `/hop${hops}` } });
    });
    await expect(egressFetch(none, "https://loop.example.com/", {}, limits)).rejects.toMatchObject({ reason: "redirects" });
    expect(hops).toBe(MAX_REDIRECTS + 1);
  });

  it("refuses a body over the cap, declared or streamed, without reading the rest", async () => {
    let pulled = 0;
    useFakeService("https://big.example.com", async (request) => {
      if (new URL(request.url).pathname === "/declared") return new Response("x".repeat(10), { headers: { "content-length": "999999" } });
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(512));
          if (pulled > 100) controller.close();
        },
      });
      return new Response(stream);
    });
    await expect(egressFetch(none, "https://big.example.com/declared", {}, limits)).rejects.toBeInstanceOf(EgressError);
    await expect(egressFetch(none, "https://big.example.com/streamed", {}, limits)).rejects.toMatchObject({ reason: "too_large" });
    expect(pulled).toBeLessThan(10);
  });

  it("never calls a refused URL", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await expect(egressFetch(none, "http://127.0.0.1:8788/bridge", {}, limits)).rejects.toMatchObject({ reason: "forbidden" });
    expect(spy).not.toHaveBeenCalled();
  });
});
