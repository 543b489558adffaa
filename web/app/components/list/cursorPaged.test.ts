import { describe, expect, it } from "vitest";
import { cursorPaged } from "./useList";

describe("cursorPaged", () => {
  it("asks each next page from the cursor the page before answered, per search, and stops at a null cursor", async () => {
    const asked: [string, number | null][] = [];
    const pages: Record<string, { items: { id: number }[]; cursor: number | null }> = {
      "a|null": { items: [{ id: 9 }, { id: 8 }], cursor: 8 },
      "a|8": { items: [{ id: 7 }], cursor: null },
      "b|null": { items: [{ id: 5 }], cursor: 5 },
    };
    const fetchPage = cursorPaged(async ({ searchParam, cursor }) => {
      asked.push([searchParam, cursor]);
      return pages[`${searchParam}|${cursor}`]!;
    });
    expect(await fetchPage({ searchParam: "a", pageNumber: 1 })).toEqual({ items: [{ id: 9 }, { id: 8 }], count: 2, hasMore: true });
    expect(await fetchPage({ searchParam: "b", pageNumber: 1 })).toEqual({ items: [{ id: 5 }], count: 1, hasMore: true });
    expect(await fetchPage({ searchParam: "a", pageNumber: 2 })).toEqual({ items: [{ id: 7 }], count: 1, hasMore: false });
    expect(asked).toEqual([["a", null], ["b", null], ["a", 8]]);
  });
});
