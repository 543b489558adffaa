/** The round icon buttons of the top bar. */
export const topbarButton =
  "relative inline-flex size-9 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-3 hover:text-fg data-[state=open]:bg-surface-3 data-[state=open]:text-fg";
