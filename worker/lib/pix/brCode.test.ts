import { describe, expect, it } from "vitest";
import { crc16, staticBrCode } from "./brCode";

describe("the Pix BR Code", () => {
  it("computes CRC-16/CCITT-FALSE (the standard check value of '123456789' is 29B1)", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("reproduces the static example of the Central Bank's Manual de Padrões para Iniciação do Pix, CRC included", () => {
    const published =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
    expect(crc16(published.slice(0, -4))).toBe("1D3D");
    expect(
      staticBrCode({ key: "123e4567-e12b-12d1-a456-426655440000", merchantName: "Fulano de Tal", merchantCity: "BRASILIA" }),
    ).toBe(published);
  });

  it("carries the amount with two decimals and the txid, and ends with a CRC that checks", () => {
    const code = staticBrCode({ key: "pix@zapdesk.test", merchantName: "Zapdésk Ltda", merchantCity: "São Paulo", amount: 149.9, txid: "fatura-42" });
    expect(code).toContain("5406149.90");
    expect(code).toContain("62120508fatura42");
    expect(code).toContain("5912Zapdesk Ltda6009Sao Paulo");
    expect(code.slice(-8, -4)).toBe("6304");
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });
});
