import { describe, expect, it } from "vitest";
import { ContactMerger, normalizeNumber } from "./normalize";

describe("normalizeNumber", () => {
  it("gives a Brazilian mobile written with 8 digits its ninth digit", () => {
    expect(normalizeNumber("551187654321")).toBe("5511987654321");
    expect(normalizeNumber("5511987654321")).toBe("5511987654321");
    expect(normalizeNumber("+55 (21) 8765-4321")).toBe("5521987654321");
    expect(normalizeNumber("5511987654321@s.whatsapp.net")).toBe("5511987654321");
  });

  it("leaves landlines, other countries, groups and LIDs as they are", () => {
    expect(normalizeNumber("551133334444")).toBe("551133334444");
    expect(normalizeNumber("14155552671")).toBe("14155552671");
    expect(normalizeNumber("120363025246125486@g.us")).toBe("120363025246125486");
    expect(normalizeNumber("5511999990000-1600000000", { isGroup: true })).toBe("5511999990000-1600000000");
  });
});

describe("ContactMerger", () => {
  it("keeps one contact per normalised number, the lowest id", () => {
    const m = new ContactMerger();
    m.add({ id: 1, number: "5511987654321", isGroup: false });
    m.add({ id: 3, number: "551187654321", isGroup: false });
    m.add({ id: 4, number: "5511911112222", isGroup: false });
    m.finish();
    expect(m.resolve(3)).toBe(1);
    expect(m.resolve(4)).toBe(4);
    expect(m.merges.get(3)).toMatchObject({ into: 1, reason: "same number" });
  });

  it("merges a LID-only contact into the contact the LID map names, whichever came first", () => {
    const m = new ContactMerger();
    m.addLidMap("123456789012345@lid", 7);
    m.add({ id: 5, number: "123456789012345", isGroup: false });
    m.add({ id: 7, number: "5511955554444", isGroup: false });
    m.finish();
    expect(m.resolve(5)).toBe(7);
    expect(m.merges.get(5)).toMatchObject({ into: 7, reason: "same lid" });
    expect(m.lidOf(7)).toBe("123456789012345");
    expect(m.numberOf(7)).toBe("5511955554444");
  });
});
