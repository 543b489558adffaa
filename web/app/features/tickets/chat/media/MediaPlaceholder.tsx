import type { LucideIcon } from "lucide-react";
import { cn } from "../../../../components/ui/cn";

/** Media without a file (not downloaded, demo data) or that failed to load: its icon and name, nothing to open. */
export function MediaPlaceholder({ icon: Icon, title, detail, className }: { icon: LucideIcon; title: string; detail?: string; className?: string }) {
  return (
    <div className={cn("flex min-w-0 items-center gap-3 rounded-lg bg-black/5 px-3 py-2.5 dark:bg-white/5", className)}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-muted">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium">{title}</span>
        {detail ? <span className="block text-xs text-subtle">{detail}</span> : null}
      </span>
    </div>
  );
}
