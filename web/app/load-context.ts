import type { Env } from "../../worker/env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** This page's CSP nonce (worker/server.ts makes it and names it in the response's policy). */
    cspNonce: string;
  }
}

export {};
