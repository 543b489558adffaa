/** Spec 000 section 9: six quick reactions in the message menu; the full picker offers the rest. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;

/** Long-press on touch screens opens the message menu after this long. */
export const LONG_PRESS_MS = 500;
