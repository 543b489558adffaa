import { describe, expect, it } from "vitest";
import { baseUrl } from "./support/env";
import { ownAddress } from "./support/api";

const stamp = Date.now().toString(36);

async function failedLogin(address: Record<string, string>, n: number) {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...address },
    body: JSON.stringify({ email: `nobody-${stamp}-${n}@address.test`, password: "Wrong-password-1" }),
  });
  return res.status;
}

// The run's journeys sign up ~20 companies; the per-address limits (10 signups an hour) must count each journey's own
// address, which reaches the worker only through the header the e2e run trusts (TRUSTED_PROXY_HEADER). When that
// plumbing breaks, every signup of the run shares one budget and journeys late in the run fail on a 429.
describe("check: the e2e run's client addresses reach the worker's rate limits", () => {
  it("refuses an address past its login budget while another address is still heard", async () => {
    const hammering = ownAddress();
    expect(Object.keys(hammering), "E2E_CLIENT_IP_HEADER is not set for the journeys").toHaveLength(1);
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) statuses.push(await failedLogin(hammering, n));
    expect(statuses.slice(0, 30).every((s) => s === 401), statuses.join(",")).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await failedLogin(ownAddress(), 99)).toBe(401);
  });
});
