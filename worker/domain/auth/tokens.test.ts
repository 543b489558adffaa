import { describe, expect, it } from "vitest";
import { newRefreshToken, refreshTokenParts } from "./tokens";

const SESSION = "0b6f1f43-5d1e-4c57-9a5c-7f7f1b2f3a4d";

describe("a refresh token's parts", () => {
  it("name the company, high ids included, and the session", () => {
    const token = newRefreshToken(9_999, SESSION);
    expect(refreshTokenParts(token)).toEqual({ companyId: 9_999, sessionId: SESSION });
  });

  it("name no company the id contract would refuse (a number past 2^53 read as another one)", () => {
    for (const company of ["9999999999999999", "0", "01", "1e3"]) expect(refreshTokenParts(`${company}.${SESSION}.secret`), company).toBeNull();
  });
});
