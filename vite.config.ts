import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // Static files (service worker, favicon, manifest) live beside the app; Remix copies them into build/client.
  publicDir: path.resolve(__dirname, "web/public"),
  plugins: [
    // The browser's i18next and react-i18next: the subset the app uses, same texts, about 2 KiB gzipped instead of 18
    // (web/app/i18n/mini/); the server renders with the real ones.
    {
      name: "zapdesk-browser-i18n",
      enforce: "pre",
      resolveId(id, _importer, options) {
        if (options?.ssr) return null;
        if (id === "i18next") return path.resolve(__dirname, "web/app/i18n/mini/i18next.ts");
        if (id === "react-i18next") return path.resolve(__dirname, "web/app/i18n/mini/react-i18next.ts");
        return null;
      },
    },
    tailwindcss(),
    remix({
      appDirectory: "web/app",
      buildDirectory: "build",
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: {
    alias: { "~": path.resolve(__dirname, "web/app") },
    mainFields: ["browser", "module", "main"],
  },
  // The server build runs inside workerd.
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { minify: true, sourcemap: false },
});
