import { describe, expect, it } from "vitest";
import { hashPassword, isLegacyPasswordHash, verifyPassword } from "./crypto";

// The shape of a hash as ticketz stores it (bcryptjs, cost 8).
const TICKETZ_HASH = "$2a$08$WaRvw3hUOF8gq8S0yRj3/.2JmFGmrWtw1Aw1C1Y.BbwsjwZ1UrqMq";

describe("verifyPassword", () => {
  it("checks an imported bcrypt hash of each prefix, and the product's own", async () => {
    const bcrypt = (await import("bcryptjs")).default;
    for (const prefix of ["$2a$", "$2b$", "$2y$"]) {
      const hash = bcrypt.hashSync("senha antiga", 4).replace(/^\$2[aby]\$/, prefix);
      expect(isLegacyPasswordHash(hash)).toBe(true);
      expect(await verifyPassword("senha antiga", hash)).toBe(true);
      expect(await verifyPassword("senha errada", hash)).toBe(false);
    }
    const own = await hashPassword("senha nova");
    expect(isLegacyPasswordHash(own)).toBe(false);
    expect(await verifyPassword("senha nova", own)).toBe(true);
    expect(isLegacyPasswordHash(TICKETZ_HASH)).toBe(true);
    expect(isLegacyPasswordHash("$2a$08$short")).toBe(false);
  });
});
