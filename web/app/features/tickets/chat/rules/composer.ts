/** Spec 000 sections 5 and 9: limits and rules of the composer. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
export const MAX_FILES = 10;
export const MIN_AUDIO_BYTES = 10_000;
export const IMAGE_QUALITY = 0.7;
export const MAX_INPUT_ROWS = 5;
export const MP3_KBPS = 128;
export const SIGN_MESSAGE_KEY = "signOption";

export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** Images the browser re-encodes at quality 0.7 (animated GIFs would lose their animation). */
export function isCompressibleImage(type: string): boolean {
  return type === "image/jpeg" || type === "image/png" || type === "image/webp";
}

export function tooLarge(file: { size: number }): boolean {
  return file.size > MAX_FILE_BYTES;
}

/** "1.2 MB", "340 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** "audio-2026-11-22-153012.mp3" for a recording made now. */
export function recordingName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `audio-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.mp3`;
}

/** "0:07", "12:45". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Reads the remembered sign-message choice (on by default). */
export function parseSignSetting(raw: string | null): boolean {
  return raw === null ? true : raw !== "false";
}
