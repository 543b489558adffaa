import { describe, expect, it } from "vitest";
import { retryCanHelp, retryScheduled, templateInstead } from "./sendFailures";

const now = Date.UTC(2030, 0, 7, 12);

describe("what a failed message offers", () => {
  it("offers retry only where another try can help and none is scheduled", () => {
    expect(retryCanHelp({ sendError: "ERR_SENDING_WAPP_MSG", retryAt: null }, now)).toBe(true);
    expect(retryCanHelp({ sendError: "ERR_WAPP_TOKEN_EXPIRED", retryAt: null }, now)).toBe(true);
    for (const sendError of ["ERR_WAPP_INVALID_CONTACT", "ERR_WAPP_OPTED_OUT", "ERR_WAPP_WINDOW_CLOSED"]) expect(retryCanHelp({ sendError, retryAt: null }, now)).toBe(false);
    expect(retryCanHelp({ sendError: null, retryAt: null }, now)).toBe(false);
    // Meta's marketing cap: waiting for the scheduled retry, then (refused again) retryable by hand.
    const waiting = { sendError: "ERR_WAPP_MARKETING_LIMIT", retryAt: new Date(now + 1000).toISOString() };
    expect(retryScheduled(waiting, now)).toBe(true);
    expect(retryCanHelp(waiting, now)).toBe(false);
    expect(retryCanHelp({ ...waiting, retryAt: new Date(now - 1000) }, now)).toBe(true);
  });

  it("offers a template instead when the customer's window closed", () => {
    expect(templateInstead({ sendError: "ERR_WAPP_WINDOW_CLOSED", retryAt: null })).toBe(true);
    expect(templateInstead({ sendError: "ERR_WAPP_INVALID_CONTACT", retryAt: null })).toBe(false);
  });
});
