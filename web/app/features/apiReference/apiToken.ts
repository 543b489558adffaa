import { useCallback, useSyncExternalStore } from "react";

/**
 * The API token the reference's "try it" sends: kept in this tab's sessionStorage only (gone when the tab closes,
 * never in localStorage or a cookie), shared by every operation's panel.
 */
const KEY = "zapdesk.apiReference.token";
const CHANGE_EVENT = "zapdesk:apiReferenceToken";
/** What was typed, for a tab whose storage refuses it (private mode): it then lasts until the page reloads. */
let typed = "";

function read(): string {
  try {
    return sessionStorage.getItem(KEY) ?? typed;
  } catch {
    return typed;
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}

export function useApiToken(): [string, (token: string) => void] {
  const token = useSyncExternalStore(subscribe, read, () => "");
  const setToken = useCallback((next: string) => {
    typed = next;
    try {
      if (next) sessionStorage.setItem(KEY, next);
      else sessionStorage.removeItem(KEY);
    } catch {
      // storage refused: `typed` holds it
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [token, setToken];
}
