import { Plus, Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/Button";
import { Input } from "./ui/Input";
import { PageHeader } from "./layout/Page";
import { nearBottom } from "../lib/hooks";

/** Spec: searches wait 500 ms; the next page loads within 100 px of the bottom. */
export const SEARCH_DEBOUNCE_MS = 500;
export const LOAD_MORE_THRESHOLD_PX = 100;

/**
 * A list page's header: its title and count, the search, any other actions, and the add button last (the actions
 * take the whole width on a phone).
 */
export function ListPageHeader({
  title,
  count,
  search,
  onSearch,
  searchPlaceholder,
  addLabel,
  onAdd,
  actions,
}: {
  title: ReactNode;
  count: number | undefined;
  search: string;
  onSearch: (value: string) => void;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      title={title}
      count={count}
      actions={
        <>
          <SearchField value={search} onChange={onSearch} placeholder={searchPlaceholder} />
          {actions}
          <Button onClick={onAdd} className="w-full sm:w-auto">
            <Plus className="size-4" aria-hidden />
            {addLabel}
          </Button>
        </>
      }
      className="[&>div]:w-full sm:[&>div]:w-auto"
    />
  );
}

/** The search box of a list page's header: wide enough for its placeholder ("Pesquisar por contato ou mensagem"). */
export function SearchField({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <div className="relative w-full sm:w-80">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} aria-label={t("common.search")} className="pl-9" />
    </div>
  );
}

/**
 * The scrolling box of an infinite list: asks for the next page near the bottom, and keeps asking while a
 * first page is too short to scroll.
 */
export function InfiniteScroller({
  list,
  children,
  className,
}: {
  list: { loaded: boolean; loading: boolean; hasMore: boolean; items: unknown[]; loadMore: () => void };
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
