import { describe, expect, it } from "vitest";
import { typebotCommand, whatsAppText } from "./typebot";

describe("Typebot's markdown as WhatsApp text", () => {
  it("turns **bold** into *bold* and *italic* into _italic_, and drops markdown's escapes", () => {
    expect(whatsAppText("Nossos planos: **Básico** e *Pro*.")).toBe("Nossos planos: *Básico* e _Pro_.");
    expect(whatsAppText("Preço: R\\$ 10\\,00 \\- 2 \\* 3")).toBe("Preço: R\\$ 10\\,00 - 2 * 3");
    expect(whatsAppText('\\#\\{"queue":"Suporte"\\}')).toBe('#{"queue":"Suporte"}');
    expect(whatsAppText("a*b*c and 2 * 3 * 4")).toBe("a*b*c and 2 * 3 * 4");
  });
});

describe("a Typebot '#' command's ids", () => {
  it("are read by the id contract, as a number or its text, high ids included", () => {
    expect(typebotCommand.parse({ queueId: 9_998_000_000_001, userId: "9000000000123" })).toEqual({ queueId: 9_998_000_000_001, userId: 9_000_000_000_123 });
  });

  it("are not true, an exponent or hex (z.coerce read these as ids 1, 1000 and 16)", () => {
    for (const queueId of [true, "1e3", "0x10", "12.0", 0, -3]) expect(typebotCommand.safeParse({ queueId }).success, String(queueId)).toBe(false);
    expect(typebotCommand.safeParse({ userId: true }).success).toBe(false);
  });
});
