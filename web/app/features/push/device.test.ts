import { describe, expect, it } from "vitest";
import { deviceLabel } from "../../../../worker/lib/device";
import { keyBytes } from "./device";

describe("the device's Web Push helpers", () => {
  it("reads the VAPID public key (base64url, no padding) as the 65 bytes pushManager.subscribe takes", () => {
    const bytes = keyBytes("BAXzzzVJYWRhEgGSUDD2-LeKP7_5klFHt7dKl9fDNw1S0pbznOc_x5LQzM2eNagWOzOsp9wW-sLuQMIaeBMu2G8");
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it("names the device by its browser and system", () => {
    expect(deviceLabel("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36")).toBe("Chrome · Android");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox · Windows");
    expect(deviceLabel("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari · iPhone");
  });
});
