import { useCallback, useSyncExternalStore } from "react";
import { storage } from "./storage";

/** Spec 002: light or dark, remembered in local storage as the preferred theme, defaulting to the system's. */
export const THEME_STORAGE_KEY = "preferredTheme";
export type Theme = "light" | "dark";

/**
 * Runs in <head> before the body paints, so a dark page never flashes light. Kept tiny and dependency-free;
 * it must agree with applyTheme below.
 */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var d=document.documentElement;d.classList.toggle("dark",t==="dark");d.style.colorScheme=t}catch(e){}})();`;

const CHANGE_EVENT = "zapdesk:theme";

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function systemTheme(): Theme {
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function subscribe(onChange: () => void) {
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const onSystem = () => {
    if (!storage.get(THEME_STORAGE_KEY)) applyTheme(systemTheme());
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) applyTheme(e.newValue === "dark" || e.newValue === "light" ? e.newValue : systemTheme());
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  media.addEventListener("change", onSystem);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
    media.removeEventListener("change", onSystem);
  };
}

const current = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

export function useTheme(): { theme: Theme; toggle: () => void } {
  // The server cannot know; hydration starts from "light" and React re-renders with the real value.
  const theme = useSyncExternalStore(subscribe, current, () => "light" as Theme);
  const toggle = useCallback(() => {
    const next: Theme = current() === "dark" ? "light" : "dark";
    storage.set(THEME_STORAGE_KEY, next);
    applyTheme(next);
  }, []);
  return { theme, toggle };
}
