import { Loader2 } from "lucide-react";
import { cn } from "./cn";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <Loader2 aria-hidden className={cn("size-4 animate-spin", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  const shaped = /\brounded/.test(className ?? "");
  return <span aria-hidden className={cn("block animate-shimmer bg-surface-3", !shaped && "rounded-md", className)} />;
}
