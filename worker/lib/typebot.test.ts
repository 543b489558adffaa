import { describe, expect, it } from "vitest";
import { whatsAppText } from "./typebot";

describe("Typebot's markdown as WhatsApp text", () => {
  it("turns **bold** into *bold* and *italic* into _italic_, and drops markdown's escapes", () => {
    expect(whatsAppText("Nossos planos: **Básico** e *Pro*.")).toBe("Nossos planos: *Básico* e _Pro_.");
    expect(whatsAppText("Preço: R\\$ 10\\,00 \\- 2 \\* 3")).toBe("Preço: R\\$ 10\\,00 - 2 * 3");
    expect(whatsAppText('\\#\\{"queue":"Suporte"\\}')).toBe('#{"queue":"Suporte"}');
    expect(whatsAppText("a*b*c and 2 * 3 * 4")).toBe("a*b*c and 2 * 3 * 4");
  });
});
