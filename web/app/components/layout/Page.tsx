import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { SearchField } from "../list/SearchField";
import { Button } from "../ui/Button";
import { cn } from "../ui/cn";

/**
 * Every page's title row: the title (with an optional count) and the page's actions. A list page passes its search
 * (first) and its add button (last, after any other actions); its actions then take the whole width on a phone.
 */
export function PageHeader({
  title,
  count,
  search,
  add,
  actions,
  className,
}: {
  title: ReactNode;
  count?: number;
  search?: {
    value: string;
    onChange: (value: string) => void;
    placeholder: string;
  };
  add?: { label: string; onClick: () => void };
  actions?: ReactNode;
  className?: string;
}) {
  const listPage = !!(search || add);
  const all = listPage ? (
    <>
      {search ? <SearchField {...search} /> : null}
      {actions}
      {add ? (
        <Button onClick={add.onClick} className="w-full sm:w-auto">
          <Plus className="size-4" aria-hidden />
          {add.label}
        </Button>
      ) : null}
    </>
  ) : (
    actions
  );
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3", listPage && "[&>div]:w-full sm:[&>div]:w-auto", className)}>
      <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
        {title}
        {count !== undefined ? <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-medium text-muted tabular-nums">{count}</span> : null}
      </h1>
      {all ? <div className="flex flex-wrap items-center gap-2">{all}</div> : null}
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
