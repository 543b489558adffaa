import { readVolume } from "../../../lib/volume";

/**
 * The new-message chime, synthesised with WebAudio (two short notes), at the top bar's volume. Browsers only
 * let a page make sound after the user has interacted with it: `unlockSound` runs on the first gesture.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined") return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

export function unlockSound() {
  try {
    void audio()?.resume();
  } catch (err) {
    console.warn("notification sound unavailable", err);
  }
}

export function playChime(volume = readVolume()) {
  if (volume <= 0) return;
  // Announced on the window too, so that a journey (which hears nothing) can tell the chime was played.
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent("zapdesk:chime", { detail: { volume } }));
  try {
    const ctx = audio();
    if (!ctx || ctx.state !== "running") return;
    const start = ctx.currentTime;
    const notes = [
      { freq: 880, at: 0 },
      { freq: 1318.5, at: 0.13 },
    ];
    for (const { freq, at } of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      // A soft attack and decay; 0.25 at full volume is loud enough without startling.
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.25 * volume, start + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.28);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.3);
    }
  } catch (err) {
    console.warn("notification sound failed", err);
  }
}
