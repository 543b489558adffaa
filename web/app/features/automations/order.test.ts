import { describe, expect, it } from "vitest";
import { moved } from "./order";

describe("moved", () => {
  it("moves one rule up or down, the others keeping their order", () => {
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 1, 2)).toEqual([1, 3, 2, 4]);
  });

  it("leaves the order as it was for a move to the same place or off the list", () => {
    expect(moved([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
  });
});
