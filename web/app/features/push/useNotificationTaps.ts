import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A tapped notification (issue 29): the service worker tells the app's tab where to go (web/public/sw.js,
 * "zapdesk:navigate"); the tab moves there inside the app, keeping its socket. Only this origin's paths.
 */
export function useNotificationTaps() {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (!data || data.type !== "zapdesk:navigate" || typeof data.url !== "string") return;
      const url = new URL(data.url, window.location.origin);
      if (url.origin !== window.location.origin) return;
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [navigate]);
}
