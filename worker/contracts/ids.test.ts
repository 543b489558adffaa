import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ID_RANGE, companyOfId, idRangeStart, parsePlatformId, platformId, platformIdText } from "./ids";

/** The first id of company 9,999 and an id in company 9,001's range: where a platform of 10,000 companies lives. */
const FIRST_OF_COMPANY_9999 = idRangeStart(9_999) + 1;
const HIGH = 9_000_000_000_123;

describe("the id contract", () => {
  it("reads every id the platform issues, from the first company's to the ten-thousandth's", () => {
    for (const id of [1, 123, 999_999_999, ID_RANGE + 1, 2 ** 31, 2 ** 32 + 1, HIGH, FIRST_OF_COMPANY_9999, Number.MAX_SAFE_INTEGER]) {
      expect(parsePlatformId(String(id))).toBe(id);
      expect(parsePlatformId(id)).toBe(id);
      expect(platformId().parse(id)).toBe(id);
      expect(platformIdText().parse(String(id))).toBe(id);
    }
    expect(FIRST_OF_COMPANY_9999).toBe(9_998_000_000_001);
  });

  it("refuses what is not an id: empty, zero, signs, leading zeros, exponents, fractions, spaces inside, past 2^53", () => {
    for (const raw of ["", "0", "-1", "+1", "01", "1e3", "1.5", "12abc", "1 2", "0x10", "9007199254740992", "99999999999999999", " ", "NaN"]) {
      expect(parsePlatformId(raw), raw).toBeNull();
      expect(platformIdText().safeParse(raw).success, raw).toBe(false);
    }
    for (const value of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parsePlatformId(value)).toBeNull();
      expect(platformId().safeParse(value).success).toBe(false);
    }
    expect(parsePlatformId(undefined)).toBeNull();
    expect(parsePlatformId(null)).toBeNull();
  });

  it("takes a form's id with spaces around it, and names the field's own messages", () => {
    expect(platformIdText().parse(` ${HIGH} `)).toBe(HIGH);
    const schema = z.object({ listId: platformIdText("Must be a list id", "Required") });
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe("Required");
    expect(schema.safeParse({ listId: "abc" }).error?.issues[0]?.message).toBe("Must be a list id");
    expect(z.object({ id: platformId() }).safeParse({ id: "12" }).error?.issues[0]?.message).toBe("Must be an id");
  });

  it("tells which company's range an id is in", () => {
    expect(companyOfId(1)).toBe(1);
    expect(companyOfId(ID_RANGE)).toBe(1);
    expect(companyOfId(ID_RANGE + 1)).toBe(2);
    expect(companyOfId(FIRST_OF_COMPANY_9999)).toBe(9_999);
    expect(companyOfId(HIGH)).toBe(9_001);
  });
});
