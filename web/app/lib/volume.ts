import { useCallback, useSyncExternalStore } from "react";
import { storage } from "./storage";

/** Notification volume: 0 to 1 in steps of 0.1, stored locally, default 1 (spec). */
export const VOLUME_STORAGE_KEY = "volume";
export const VOLUME_STEP = 0.1;
const CHANGE_EVENT = "zapdesk:volume";

export function readVolume(): number {
  const raw = storage.get(VOLUME_STORAGE_KEY);
  const value = raw === null ? 1 : Number(raw);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === VOLUME_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function useVolume(): [number, (value: number) => void] {
  const volume = useSyncExternalStore(subscribe, readVolume, () => 1);
  const setVolume = useCallback((value: number) => {
    const rounded = Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
    storage.set(VOLUME_STORAGE_KEY, String(rounded));
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [volume, setVolume];
}
