import { expect } from "vitest";

/** A real 1×1 PNG. */
export const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
export const PNG = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));

/** Files a contact can send to run script in our origin if they were served as pages. */
export const HOSTILE_FILES = [
  { label: "an HTML page with a script", mimetype: "text/html", filename: "fatura.html", text: "<!doctype html><script>fetch('/api/auth/me').then((r) => r.text()).then(alert)</script>" },
  {
    label: "an SVG with a script",
    mimetype: "image/svg+xml",
    filename: "logo.svg",
    text: '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
  },
  { label: "HTML that claims to be a PNG", mimetype: "image/png", filename: "foto.png", text: "<html><body><script>alert(document.cookie)</script></body></html>" },
] as const;

export const base64Of = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/**
 * What every media response carries, whatever the file: never sniffed, and sandboxed (scripts off, an opaque
 * origin) with nothing allowed to load should it be opened as a page.
 */
function expectSandboxed(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const directives = (res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim()).filter(Boolean);
  expect(directives.sort()).toEqual(["default-src 'none'", "sandbox"]);
}

/** Served as a download of opaque bytes, never as a page. */
export function expectDownload(res: Response, fileName: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/octet-stream");
  expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+"; /);
  expect(res.headers.get("content-disposition")).toContain(`; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  expectSandboxed(res);
}

/** Shown in the page under its own type. */
export function expectInline(res: Response, type: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="/);
  expectSandboxed(res);
}
