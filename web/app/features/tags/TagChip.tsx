import { cn } from "../../components/ui/cn";
import { chipColors } from "./colors";

/** A tag as the product shows it everywhere: its name on a chip of its colour. */
export function TagChip({ name, color, className }: { name: string; color: string; className?: string }) {
  return (
    <span
      className={cn("inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm ring-1 ring-black/5 dark:ring-white/10", className)}
      style={chipColors(color)}
    >
      <span className="truncate">{name}</span>
    </span>
  );
}
