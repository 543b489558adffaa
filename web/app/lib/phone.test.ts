import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

describe("formatPhone", () => {
  it("groups a Brazilian mobile and landline as spec 001 shows them", () => {
    expect(formatPhone("5511999998888")).toBe("+55 (11) 99999-8888");
    expect(formatPhone("551133334444")).toBe("+55 (11) 3333-4444");
  });

  it("drops WhatsApp's suffix", () => {
    expect(formatPhone("5511999998888@c.us")).toBe("+55 (11) 99999-8888");
    expect(formatPhone("5511999998888@s.whatsapp.net")).toBe("+55 (11) 99999-8888");
  });

  it("shows another country's number with its plus, not in Brazilian groups", () => {
    expect(formatPhone("351912345678")).toBe("+351912345678");
    expect(formatPhone("14155550123")).toBe("+14155550123");
  });

  it("leaves group ids and text as stored", () => {
    expect(formatPhone("120363025246125486@g.us")).toBe("120363025246125486");
    expect(formatPhone("5511999998888-1614723456")).toBe("5511999998888-1614723456");
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
  });

  it("shows nothing for a user known only by a business-scoped id (a WhatsApp username hides the number)", () => {
    expect(formatPhone("BR.1502576394655843")).toBe("");
    expect(formatPhone("US.ENT.11815799212886844830")).toBe("");
  });
});
