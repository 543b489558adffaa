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
    () => navigator.onLine && isReachable(),
    () => true,
  );
}
