import { describe, expect, it } from "vitest";
import { looksLikePhoneNumber, normalizeContactNumber, normalizeGroupId, normalizePhoneNumber } from "./phoneNumber";

describe("normalizePhoneNumber", () => {
  it.each([
    ["(11) 99999-8888"],
    ["+55 11 99999-8888"],
    ["5511999998888"],
    ["11999998888"],
    ["+5511999998888"],
    ["55 (11) 99999.8888"],
    ["0055 11 99999-8888"],
    ["011 99999-8888"],
    ["5511999998888@s.whatsapp.net"],
    ["5511999998888@c.us"],
  ])("reads %s as the Brazilian mobile 5511999998888", (typed) => {
    expect(normalizePhoneNumber(typed)).toBe("5511999998888");
  });

  it("keeps Brazilian landlines and older 8-digit mobiles as international digits", () => {
    expect(normalizePhoneNumber("(11) 3333-4444")).toBe("551133334444");
    expect(normalizePhoneNumber("551188887777")).toBe("551188887777");
    expect(normalizePhoneNumber("(21) 98765-4321")).toBe("5521987654321");
  });

  it("keeps valid numbers of other countries as their E.164 digits", () => {
    expect(normalizePhoneNumber("+1 415 555 2671")).toBe("14155552671");
    expect(normalizePhoneNumber("+351 912 345 678")).toBe("351912345678");
    expect(normalizePhoneNumber("351912345678")).toBe("351912345678");
    expect(normalizePhoneNumber("+44 7911 123456")).toBe("447911123456");
  });

  it.each([["12345678"], ["abc"], [""], ["99"], ["+55 11"], ["11 9999-888a"], ["+999 12345678"], ["1".repeat(20)]])(
    "refuses %j",
    (typed) => {
      expect(normalizePhoneNumber(typed)).toBeNull();
    },
  );
});

describe("normalizeGroupId", () => {
  it("keeps group ids as given, without the @g.us suffix", () => {
    expect(normalizeGroupId("120363025246125486@g.us")).toBe("120363025246125486");
    expect(normalizeGroupId("5511999998888-1614723456")).toBe("5511999998888-1614723456");
    expect(normalizeContactNumber("120363025246125486", { isGroup: true })).toBe("120363025246125486");
  });

  it("refuses what is not a group id", () => {
    expect(normalizeGroupId("grupo")).toBeNull();
    expect(normalizeGroupId("(11) 99999-8888")).toBeNull();
  });
});

describe("looksLikePhoneNumber", () => {
  it("tells numbers being typed from names", () => {
    expect(looksLikePhoneNumber("(11) 9999")).toBe(true);
    expect(looksLikePhoneNumber("+55 11")).toBe(true);
    expect(looksLikePhoneNumber("Maria")).toBe(false);
    expect(looksLikePhoneNumber("1")).toBe(false);
  });
});
