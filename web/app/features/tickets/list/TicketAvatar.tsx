import { Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn";

/** Two letters of a name (first and last word), for avatars without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0]![0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? "") : "";
  return (first + last).toUpperCase();
}

export function TicketAvatar({ name, src, isGroup, className }: { name: string; src?: string | null; isGroup?: boolean; className?: string }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // A server-rendered picture may fail before React hydrates and attaches onError (an expired WhatsApp picture URL,
  // as imported contacts carry): look once after mounting.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setBroken(true);
  }, [src]);
  const base = cn("inline-flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-3 text-sm font-semibold text-muted", className);
  if (src && !broken) {
    return (
      <span className={base}>
        <img ref={img} src={src} alt="" loading="lazy" onError={() => setBroken(true)} className="size-full object-cover" />
      </span>
    );
  }
  return (
    <span className={base} aria-hidden>
      {isGroup ? <Users className="size-5" /> : initials(name)}
    </span>
  );
}
