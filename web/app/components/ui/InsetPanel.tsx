import type { LucideIcon } from "lucide-react";
import { forwardRef, type ReactNode } from "react";

/** A panel set into a form (a connection's API token, its webhook): an icon, a title and what it is for, then its content. */
export const InsetPanel = forwardRef<HTMLElement, { id: string; icon: LucideIcon; title: ReactNode; description: ReactNode; children?: ReactNode }>(function InsetPanel(
  { id, icon: Icon, title, description, children },
  ref,
) {
  return (
    <section ref={ref} aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-4">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        <div className="min-w-0">
          <h3 id={id} className="text-sm font-semibold">
            {title}
          </h3>
          <p className="text-xs text-muted">{description}</p>
        </div>
      </div>
      {children}
    </section>
  );
});
