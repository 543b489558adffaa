import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { mkdirSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with real D1, Durable Objects and R2 (nothing of ours is mocked).
export default defineConfig(async () => {
  // wrangler.toml serves the Remix build as assets; the API tests do not need it, but the pool refuses to start
  // when the folder is missing (a clean checkout that has not built yet).
  mkdirSync("./build/client", { recursive: true });
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      // The tenant migrations are imported as text, as wrangler.toml's rules bundle them.
      {
        name: "sql-as-text",
        transform(code: string, id: string) {
          return id.endsWith(".sql") ? { code: `export default ${JSON.stringify(code)};`, map: null } : undefined;
        },
      },
      cloudflareTest({
        main: "./worker/testing/entry.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: "test-jwt-secret-0123456789abcdefghijklmnop",
            BRIDGE_SECRET: "test-bridge-secret-0123456789abcdefghijkl",
            DATA_SECRET: "test-data-secret-0123456789abcdefghijklmno",
            // Nothing listens here: tests that need a session host stand one in with worker/testing/fakeHost.ts.
            SESSION_HOST_URL: "http://127.0.0.1:9",
            APP_ENV: "test",
            // Links in e-mails are made from this, never from a request's Host (tests call the worker at another origin).
            PUBLIC_URL: "https://app.zapdesk.test",
            // The egress guard (worker/lib/egress.ts) lets only these through over http: the fakes the tests stand in
            // with fetch spies (worker/testing/useFakeOpenAi.ts, fakeWebhook.ts, the Typebot tests). A deployment never has it.
            EGRESS_ALLOW: "http://fake-openai.test,http://hooks.test,http://typebot.test,http://graph.test,http://push.test",
            // The WhatsApp Cloud API: tests stand in for Meta with worker/testing/fakeGraph.ts at this origin, and
            // these are the platform's Meta app's secret and verify token.
            WHATSAPP_GRAPH_URL: "http://graph.test",
            META_APP_SECRET: "platform-app-secret-0123456789",
            META_VERIFY_TOKEN: "platform-verify-token",
            // Embedded Signup: the platform's Meta app id and its login configuration (the fake's code exchange checks them).
            META_APP_ID: "100200300400500",
            META_CONFIG_ID: "900800700600500",
            // Web Push (issue 29): the application server's VAPID keys (a pair made for the tests); the fake push service
            // (worker/testing/fakePushService.ts, at http://push.test) checks the JWT against this public key.
            VAPID_PUBLIC_KEY: "BAXzzzVJYWRhEgGSUDD2-LeKP7_5klFHt7dKl9fDNw1S0pbznOc_x5LQzM2eNagWOzOsp9wW-sLuQMIaeBMu2G8",
            VAPID_PRIVATE_KEY: "9nxQRoKYrdBRMiweRvyQImZBHBJDS6xZmdFrh7jPoEs",
            VAPID_SUBJECT: "mailto:ops@zapdesk.test",
            // The e-mail provider: tests stand in for it with worker/testing/fakeMail.ts (the mail catcher).
            EMAIL_API_URL: "http://127.0.0.1:9/mail",
            EMAIL_API_KEY: "re_test_key",
            EMAIL_FROM: "Zapdesk <no-reply@zapdesk.test>",
          },
        },
      }),
    ],
    test: {
      include: ["worker/**/*.test.ts"],
      setupFiles: ["./worker/testing/setup.ts"],
      testTimeout: 30_000,
    },
  };
});
