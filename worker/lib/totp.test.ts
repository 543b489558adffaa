import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, otpauthUri, totpAt, totpStep, verifyTotp } from "./totp";

const ascii = (text: string) => new TextEncoder().encode(text);

describe("HOTP (RFC 4226 appendix D)", () => {
  it("gives the appendix's values for counters 0 to 9 of the secret '12345678901234567890'", async () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    const key = ascii("12345678901234567890");
    for (let counter = 0; counter < expected.length; counter++) expect(await hotp(key, counter)).toBe(expected[counter]);
  });
});

describe("TOTP (RFC 6238 appendix B)", () => {
  // The appendix's seeds: 20, 32 and 64 bytes of the ASCII digits, for SHA-1, SHA-256 and SHA-512; 8 digits.
  const seeds = {
    "SHA-1": base32Encode(ascii("12345678901234567890")),
    "SHA-256": base32Encode(ascii("12345678901234567890123456789012")),
    "SHA-512": base32Encode(ascii("1234567890123456789012345678901234567890123456789012345678901234")),
  } as const;
  const vectors: [number, string, string, string][] = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  it.each(vectors)("at %i s gives the appendix's SHA-1, SHA-256 and SHA-512 codes", async (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    expect(await totpAt(seeds["SHA-1"], at, { digits: 8, hash: "SHA-1" })).toBe(sha1);
    expect(await totpAt(seeds["SHA-256"], at, { digits: 8, hash: "SHA-256" })).toBe(sha256);
    expect(await totpAt(seeds["SHA-512"], at, { digits: 8, hash: "SHA-512" })).toBe(sha512);
  });
  it("takes the step of 1111111109 s as 0x23523EC and of 20000000000 s as 0x27BC86AA", () => {
    expect(totpStep(1111111109 * 1000)).toBe(0x23523ec);
    expect(totpStep(20000000000 * 1000)).toBe(0x27bc86aa);
  });
});

describe("verifyTotp", () => {
  const secret = base32Encode(ascii("12345678901234567890"));
  const now = 1111111111 * 1000;
  it("accepts the present code and one step either side, and answers the code's step", async () => {
    const step = totpStep(now);
    expect(await verifyTotp(secret, await totpAt(secret, now), now)).toBe(step);
    expect(await verifyTotp(secret, await totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(await verifyTotp(secret, await totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(await verifyTotp(secret, await totpAt(secret, now - 60_000), now)).toBeNull();
    expect(await verifyTotp(secret, await totpAt(secret, now + 60_000), now)).toBeNull();
  });
  it("refuses a code of a step already used, or an earlier one (no replay within the window)", async () => {
    const step = totpStep(now);
    const code = await totpAt(secret, now);
    expect(await verifyTotp(secret, code, now, step)).toBeNull();
    expect(await verifyTotp(secret, await totpAt(secret, now - 30_000), now, step)).toBeNull();
    expect(await verifyTotp(secret, await totpAt(secret, now + 30_000), now, step)).toBe(step + 1);
  });
  it("refuses what is not six digits, and forgives spaces", async () => {
    const code = await totpAt(secret, now);
    expect(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
    expect(await verifyTotp(secret, "12345", now)).toBeNull();
    expect(await verifyTotp(secret, "abcdef", now)).toBeNull();
  });
});

describe("Base32 and the otpauth URI", () => {
  it("round-trips bytes and forgives lower case, spaces and padding", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
    expect(base32Encode(ascii("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Decode("MZXW6YTBOI======")).toEqual(ascii("foobar"));
    expect(base32Decode("not base32!")).toBeNull();
  });
  it("names the issuer and the account, and carries the secret", () => {
    const uri = new URL(otpauthUri({ secret: "JBSWY3DPEHPK3PXP", account: "ana@example.com", issuer: "ZapDesk" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/ZapDesk:ana@example.com");
    expect(uri.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(uri.searchParams.get("issuer")).toBe("ZapDesk");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
  });
});
