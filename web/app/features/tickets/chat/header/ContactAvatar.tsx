import { useState } from "react";
import { cn } from "../../../../components/ui/cn";

/** The contact's picture, or their initial when there is none (or it fails to load). */
export function ContactAvatar({ name, url, className }: { name: string; url?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim()[0]?.toUpperCase() ?? "?";
  return (
    <span className={cn("relative inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-3 font-semibold text-muted", className)}>
      {url && !failed ? <img src={url} alt="" className="size-full object-cover" onError={() => setFailed(true)} /> : <span aria-hidden>{initial}</span>}
    </span>
  );
}
