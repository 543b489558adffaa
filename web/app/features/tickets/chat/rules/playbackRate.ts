import { storage } from "../../../../lib/storage";

/** Spec 000 section 9: the audio playback rate cycles 0.5, 1, 1.5, 2 and is remembered. */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export const PLAYBACK_RATE_KEY = "audioPlaybackRate";

export function nextPlaybackRate(rate: number): number {
  const index = PLAYBACK_RATES.findIndex((r) => r === rate);
  return PLAYBACK_RATES[(index + 1) % PLAYBACK_RATES.length] ?? 1;
}

export function readPlaybackRate(): number {
  const value = Number(storage.get(PLAYBACK_RATE_KEY));
  return PLAYBACK_RATES.some((r) => r === value) ? value : 1;
}

export function savePlaybackRate(rate: number) {
  storage.set(PLAYBACK_RATE_KEY, String(rate));
}

/** "1x", "1.5x", "0.5x". */
export function playbackRateLabel(rate: number): string {
  return `${rate}x`;
}
