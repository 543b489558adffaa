import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "../crypto";
import { decryptPayload, encryptPayload } from "./encrypt";
import { generateKeyPair } from "./keys";
import { vapidAuthorization, verifyVapid } from "./vapid";

// RFC 8291 Appendix A.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("RFC 8291 encryption (aes128gcm)", () => {
  it("reproduces Appendix A byte for byte from its keys and salt", async () => {
    const body = await encryptPayload(RFC.plaintext, { p256dh: RFC.uaPublic, auth: RFC.auth }, { senderPrivateKey: RFC.asPrivate, senderPublicKey: RFC.asPublic, salt: RFC.salt });
    expect(toBase64Url(body)).toBe(RFC.body);
  });

  it("opens Appendix A's message as the user agent would", async () => {
    const plain = await decryptPayload(fromBase64Url(RFC.body), { p256dh: RFC.uaPublic, auth: RFC.auth, privateKey: RFC.uaPrivate });
    expect(new TextDecoder().decode(plain)).toBe(RFC.plaintext);
  });

  it("round-trips with a fresh sender key and salt each time, in one 4096-byte record", async () => {
    const ua = await generateKeyPair();
    const auth = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const keys = { p256dh: ua.publicKey, auth };
    const payload = JSON.stringify({ title: "Nova mensagem", body: "Olá ✓", url: "/tickets/x", tag: "ticket-1" });
    const a = await encryptPayload(payload, keys);
    const b = await encryptPayload(payload, keys);
    expect(toBase64Url(a)).not.toBe(toBase64Url(b));
    expect(new DataView(a.buffer).getUint32(16)).toBe(4096);
    expect(a[20]).toBe(65);
    expect(new TextDecoder().decode(await decryptPayload(a, { ...keys, privateKey: ua.privateKey }))).toBe(payload);
  });

  it("refuses a payload over one record and keys of the wrong size", async () => {
    const ua = await generateKeyPair();
    const keys = { p256dh: ua.publicKey, auth: toBase64Url(new Uint8Array(16)) };
    await expect(encryptPayload("x".repeat(4080), keys)).rejects.toThrow(/at most/);
    await expect(encryptPayload("x", { ...keys, auth: toBase64Url(new Uint8Array(8)) })).rejects.toThrow(/16 bytes/);
    await expect(encryptPayload("x", { ...keys, p256dh: toBase64Url(new Uint8Array(33)) })).rejects.toThrow(/65 bytes/);
  });

  it("a tampered body does not open", async () => {
    const ua = await generateKeyPair();
    const keys = { p256dh: ua.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) };
    const body = await encryptPayload("secret", keys);
    body[body.length - 1]! ^= 1;
    await expect(decryptPayload(body, { ...keys, privateKey: ua.privateKey })).rejects.toThrow();
  });
});

describe("RFC 8292 VAPID", () => {
  it("signs an ES256 JWT for the endpoint's origin that a push service verifies", async () => {
    const keys = { ...(await generateKeyPair()), subject: "mailto:ops@zapdesk.test" };
    const now = 1_800_000_000;
    const header = await vapidAuthorization("https://push.example.com/send/abc?x=1", keys, now);
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const check = await verifyVapid(header, { publicKey: keys.publicKey, audience: "https://push.example.com" }, now);
    expect(check).toMatchObject({ ok: true, claims: { aud: "https://push.example.com", sub: "mailto:ops@zapdesk.test" } });
    if (check.ok) expect(check.claims.exp - now).toBeLessThanOrEqual(24 * 3600);
  });

  it("a push service refuses another key, another audience, an expired token or a forged signature", async () => {
    const keys = { ...(await generateKeyPair()), subject: "mailto:ops@zapdesk.test" };
    const other = await generateKeyPair();
    const now = 1_800_000_000;
    const header = await vapidAuthorization("https://push.example.com/send/abc", keys, now);
    expect(await verifyVapid(header, { publicKey: other.publicKey, audience: "https://push.example.com" }, now)).toMatchObject({ ok: false });
    expect(await verifyVapid(header, { publicKey: keys.publicKey, audience: "https://evil.example.com" }, now)).toMatchObject({ ok: false, reason: "wrong aud" });
    expect(await verifyVapid(header, { publicKey: keys.publicKey, audience: "https://push.example.com" }, now + 13 * 3600)).toMatchObject({ ok: false, reason: "bad exp" });
    const signedByOther = await vapidAuthorization("https://push.example.com/send/abc", { ...other, subject: keys.subject }, now);
    const forged = signedByOther.replace(/k=.*$/, `k=${keys.publicKey}`);
    expect(await verifyVapid(forged, { publicKey: keys.publicKey, audience: "https://push.example.com" }, now)).toMatchObject({ ok: false, reason: "bad signature" });
  });
});
