import { useSyncExternalStore } from "react";
import { isReachable, subscribeReachable } from "./connectivity";

function subscribe(change: () => void) {
  window.addEventListener("online", change);
  window.addEventListener("offline", change);
  const stop = subscribeReachable(change);
  return () => {
    window.removeEventListener("online", change);
    window.removeEventListener("offline", change);
    stop();
  };
}

/**
 * Whether the app can talk to its server: the browser has a network and the server was not found unreachable
 * (connectivity.ts). The server's render assumes it can.
 */
export function useOnline() {
  return useSyncExternalStore(
    subscribe,
    // The probe decides (connectivity.ts): an offline event marks the server unreachable at once, and only an
    // answer from it marks it reachable again (navigator.onLine can be wrong either way).
    () => isReachable(),
    () => true,
  );
}
