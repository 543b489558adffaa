/**
 * Tag colours: the picker's palette of 49 (spec 001, 'Color picker dialog'), laid out 7 by 7 — six rows of
 * shades (light to dark) across seven hues, and a row of pinks and neutrals that holds the default colour —
 * plus the checks behind the hex input and the chip's readable text colour.
 */
export const DEFAULT_TAG_COLOR = "#A4CCCC";
export const PALETTE_COLUMNS = 7;

const HUES = {
  red: ["#fca5a5", "#f87171", "#ef4444", "#dc2626", "#b91c1c", "#991b1b"],
  orange: ["#fdba74", "#fb923c", "#f97316", "#ea580c", "#c2410c", "#9a3412"],
  amber: ["#fcd34d", "#fbbf24", "#f59e0b", "#d97706", "#b45309", "#92400e"],
  green: ["#86efac", "#4ade80", "#22c55e", "#16a34a", "#15803d", "#166534"],
  teal: ["#5eead4", "#2dd4bf", "#14b8a6", "#0d9488", "#0f766e", "#115e59"],
  blue: ["#93c5fd", "#60a5fa", "#3b82f6", "#2563eb", "#1d4ed8", "#1e40af"],
  violet: ["#c4b5fd", "#a78bfa", "#8b5cf6", "#7c3aed", "#6d28d9", "#5b21b6"],
};
const EXTRAS = [DEFAULT_TAG_COLOR, "#ec4899", "#d946ef", "#f43f5e", "#64748b", "#78716c", "#1f2937"];

const hueRows = Array.from({ length: 6 }, (_, shade) => Object.values(HUES).map((shades) => shades[shade]!));
export const TAG_PALETTE: readonly string[] = [...hueRows.flat(), ...EXTRAS].map((c) => c.toUpperCase());

/** The API's colour format: #rgb, #rgba, #rrggbb or #rrggbbaa. */
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** What the user typed in the hex input, as a colour the API accepts ("a4cccc" → "#A4CCCC"), or null. */
export function normalizeHex(input: string): string | null {
  const text = input.trim();
  const hex = text.startsWith("#") ? text : `#${text}`;
  return HEX.test(hex) ? hex.toUpperCase() : null;
}

/** [r, g, b] of a hex colour (alpha ignored), or null. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const valid = normalizeHex(hex);
  if (!valid) return null;
  let digits = valid.slice(1);
  if (digits.length <= 4) digits = [...digits.slice(0, 3)].map((d) => d + d).join("");
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

const DARK_TEXT = "#111B21";
const WHITE_TEXT = "#FFFFFF";
/** WCAG AA for text. */
const MIN_CONTRAST = 4.5;

/** WCAG relative luminance of an [r, g, b] colour. */
function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const DARK_LUMINANCE = luminance([0x11, 0x1b, 0x21]);

/** Dark or white text, whichever reads better on the colour (WCAG relative luminance). */
export function readableTextColor(background: string): "#111B21" | "#FFFFFF" {
  const rgb = hexToRgb(background);
  if (!rgb) return DARK_TEXT;
  const l = luminance(rgb);
  return contrast(l, 1) >= contrast(l, DARK_LUMINANCE) ? WHITE_TEXT : DARK_TEXT;
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/**
 * A tag chip's colours: the tag's colour under dark or white text, whichever reads better. Mid-tones reach 4.5:1
 * with neither (violet #8B5CF6 gives white 4.2:1), so there the colour is darkened under white text, or lightened
 * under dark text, just enough: the chip keeps its hue and its name stays readable.
 */
export function chipColors(color: string): { backgroundColor: string; color: string } {
  const rgb = hexToRgb(color);
  if (!rgb) return { backgroundColor: color, color: DARK_TEXT };
  const text = readableTextColor(color);
  const toward = text === WHITE_TEXT ? 0 : 255;
  const textLuminance = text === WHITE_TEXT ? 1 : DARK_LUMINANCE;
  for (let mix = 0; mix <= 1; mix += 0.04) {
    const shade = rgb.map((v) => v + (toward - v) * mix) as [number, number, number];
    if (contrast(luminance(shade), textLuminance) >= MIN_CONTRAST) {
      return { backgroundColor: mix === 0 ? color : toHex(shade), color: text };
    }
  }
  return { backgroundColor: text === WHITE_TEXT ? "#000000" : "#FFFFFF", color: text };
}
