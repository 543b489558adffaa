import { describe, expect, it } from "vitest";
import { returnPathOf, safeRedirectTo } from "./redirectTo";

describe("safeRedirectTo", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeRedirectTo("/tickets/6f1c2d3e-0000-4000-8000-000000000000")).toBe("/tickets/6f1c2d3e-0000-4000-8000-000000000000");
    expect(safeRedirectTo("/contacts?searchParam=maria#top")).toBe("/contacts?searchParam=maria#top");
    expect(safeRedirectTo("/queues/../users")).toBe("/users");
  });

  it("gives the inbox for anything that could leave the site", () => {
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "/\tevil",
      " /tickets",
      "tickets",
      "",
      undefined,
      null,
      42,
      `/${"a".repeat(2001)}`,
    ]) {
      expect(safeRedirectTo(bad), String(bad)).toBe("/tickets");
    }
  });

  it("never sends back to a public page (a loop)", () => {
    expect(safeRedirectTo("/login?redirectTo=/users")).toBe("/tickets");
    expect(safeRedirectTo("/signup")).toBe("/tickets");
    expect(safeRedirectTo("/forgetpsw")).toBe("/tickets");
    expect(safeRedirectTo("/loginx")).toBe("/loginx");
  });
});

describe("returnPathOf", () => {
  it("is the page's path and query without Remix's _data, and nothing for the inbox itself", () => {
    expect(returnPathOf("http://zapdesk.test/contacts?searchParam=ana&_data=routes%2F_app.contacts")).toBe("/contacts?searchParam=ana");
    expect(returnPathOf("http://zapdesk.test/tickets")).toBeNull();
    expect(returnPathOf("http://zapdesk.test/tickets/abc")).toBe("/tickets/abc");
  });
});
