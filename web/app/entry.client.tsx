import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadLanguage, toLanguage } from "./i18n";

/**
 * Remix's own client entry, but the page's language is at hand before it hydrates: pt-BR comes with the app, another
 * language's texts are one chunk loaded first, so the first client render reads as the server's HTML.
 */
async function hydrate() {
  const lang = toLanguage(document.documentElement.lang);
  if (lang && lang !== "pt-BR") await loadLanguage(lang).catch((err) => console.error("language not loaded", err));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

void hydrate();
