import type { ReactNode } from "react";
import { cn } from "../ui/cn";

/** Page title row: the title (with an optional count) and the page's actions. */
export function PageHeader({ title, count, actions, className }: { title: ReactNode; count?: number; actions?: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        {title}
        {count !== undefined ? (
          <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted tabular-nums">{count}</span>
        ) : null}
      </h1>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The standard page frame inside the shell. */
export function PageFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mx-auto flex w-full max-w-6xl flex-col gap-4 p-4 sm:p-6", className)}>{children}</div>;
}

/** A surface card. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("rounded-2xl border border-line bg-surface shadow-panel", className)}>{children}</div>;
}
