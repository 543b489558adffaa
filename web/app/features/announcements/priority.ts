/** An announcement's priority as a badge's colours (1 high, 2 medium, 3 low): the list and the viewer alike. */
export const priorityTone: Record<1 | 2 | 3, string> = {
  1: "bg-danger-soft text-danger",
  2: "bg-warning-soft text-warning-fg",
  3: "bg-surface-3 text-muted",
};
