import { Pencil, Trash2, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { nearBottom } from "../../lib/hooks";
import { Link } from "@remix-run/react";
import { Button, buttonClasses } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { Skeleton } from "../ui/Spinner";
import { LoadingMoreRow, Table, TBody, Td, Th, THead, Tr } from "../ui/Table";

/** Spec: searches wait 500 ms; the next page loads within 100 px of the bottom. */
export const SEARCH_DEBOUNCE_MS = 500;
export const LOAD_MORE_THRESHOLD_PX = 100;

/**
 * The scrolling box of an infinite list: asks for the next page near the bottom, and keeps asking while a
 * first page is too short to scroll.
 */
export function InfiniteScroller({
  list,
  children,
  className,
}: {
  list: {
    loaded: boolean;
    loading: boolean;
    hasMore: boolean;
    items: unknown[];
    loadMore: () => void;
  };
  children: ReactNode;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { loaded, loading, hasMore, items, loadMore } = list;
  useEffect(() => {
    const el = scroller.current;
    if (el && loaded && !loading && hasMore && nearBottom(el, LOAD_MORE_THRESHOLD_PX)) loadMore();
  }, [loaded, loading, hasMore, items.length, loadMore]);
  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        if (nearBottom(e.currentTarget, LOAD_MORE_THRESHOLD_PX)) loadMore();
      }}
      className={className ?? "min-h-0 flex-1 overflow-auto"}
      aria-busy={loading}
    >
      {children}
    </div>
  );
}

/** One column of a list table, declared once: its header, its cell, and what it shows while the first page loads. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The placeholder of this column in a skeleton row. */
  skeleton?: ReactNode;
  /** Classes of both the header and the cells (widths, `hidden sm:table-cell`). */
  className?: string;
  /** Classes of the cells only (skeleton cells included). */
  cellClassName?: string;
}

/**
 * A list page's table: skeleton rows until the first page arrives, the empty state when there are no rows, the
 * rows (kept live by the page's list hook), and a spinner row while the next page loads.
 */
export function ListTable<T extends { id: number }>({
  rows,
  columns: allColumns,
  loaded,
  loadingMore,
  empty,
  skeletonRows = 6,
  rowProps,
  className,
  testId,
}: {
  rows: T[];
  /** A column a user may not see is given as `false` (`mayEdit && { … }`). */
  columns: (Column<T> | false)[];
  loaded: boolean;
  loadingMore: boolean;
  empty: {
    icon: LucideIcon;
    title: string;
    description?: string;
    action?: ReactNode;
  };
  skeletonRows?: number;
  /** Attributes of a row (a test id, a class for a selected row). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number | undefined };
  /** Classes of the table (`table-fixed`). */
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (loaded && rows.length === 0) return <EmptyState {...empty} />;
  const columns = allColumns.filter((c): c is Column<T> => c !== false);
  return (
    <Table className={className} data-testid={testId}>
      <THead>
        <Tr className="hover:bg-transparent">
          {columns.map((c, i) => (
            <Th key={i} className={c.className}>
              {c.header}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: skeletonRows }, (_, i) => (
              <Tr key={i} aria-hidden>
                {columns.map((c, j) => (
                  <Td key={j} className={cellClasses(c)}>
                    {c.skeleton ?? <Skeleton className="h-4 w-24" />}
                  </Td>
                ))}
              </Tr>
            ))
          : rows.map((row) => (
              <Tr key={row.id} {...rowProps?.(row)}>
                {columns.map((c, j) => (
                  <Td key={j} className={cellClasses(c)}>
                    {c.cell(row)}
                  </Td>
                ))}
              </Tr>
            ))}
        {loadingMore && loaded ? <LoadingMoreRow colSpan={columns.length} label={t("common.loading")} /> : null}
      </TBody>
    </Table>
  );
}

function cellClasses<T>(c: Column<T>): string | undefined {
  return [c.className, c.cellClassName].filter(Boolean).join(" ") || undefined;
}

/**
 * One icon button of a row, named after the row for screen readers ("Editar Pós-venda"); a link when it goes
 * somewhere (`to`).
 */
export function RowAction({
  icon: Icon,
  label,
  name,
  onClick,
  to,
  danger,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  name: string;
  onClick?: () => void;
  to?: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  const named = `${label} ${name}`;
  if (to) {
    return (
      <Link to={to} className={buttonClasses("ghost", "icon-sm")} aria-label={named} title={label}>
        <Icon className="size-4" aria-hidden />
      </Link>
    );
  }
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      onClick={onClick}
      disabled={disabled}
      aria-label={named}
      title={label}
      className={danger ? "hover:text-danger" : undefined}
    >
      <Icon className="size-4" aria-hidden />
    </Button>
  );
}

/** A row's buttons: its own (children) first, then edit and delete (each shown when its handler is given). */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-0.5">
      {children}
      {onEdit ? <RowAction icon={Pencil} label={t("common.edit")} name={name} onClick={onEdit} /> : null}
      {onDelete ? <RowAction icon={Trash2} label={t("common.delete")} name={name} onClick={onDelete} danger /> : null}
    </div>
  );
}
