import { Search, UserRound, X } from "lucide-react";
import { useEffect, useState } from "react";
import { searchContacts } from "../features/tickets/shared/api";
import type { ContactPick } from "../features/tickets/shared/types";
import { CONTACT_SEARCH_MIN } from "../features/tickets/list/newTicket";
import { toastError } from "../lib/errors";
import { useDebouncedValue } from "../lib/hooks";
import { SEARCH_DEBOUNCE_MS } from "./list";
import { Button } from "./ui/Button";
import { describedBy, Input } from "./ui/Input";
import { Spinner } from "./ui/Spinner";
import { formatPhone } from "../lib/phone";

export interface ContactPickerTexts {
  placeholder: string;
  typeMore: string;
  searching: string;
  none: string;
  /** The button that clears the choice. */
  change: string;
  /** The results list's name. */
  list: string;
}

function useContactSearch(term: string) {
  const search = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<ContactPick[]>([]);
  const [loading, setLoading] = useState(false);
  const tooShort = search.length < CONTACT_SEARCH_MIN;
  useEffect(() => {
    if (tooShort) {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    searchContacts(search, controller.signal)
      .then((found) => setResults(found))
      .catch((err) => toastError(err))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [search, tooShort]);
  // While the user is still typing, the results are of an older term.
  const settled = term.trim() === search;
  return {
    results,
    loading: loading || (!settled && term.trim().length >= CONTACT_SEARCH_MIN),
    tooShort: term.trim().length < CONTACT_SEARCH_MIN,
  };
}

/**
 * Picks one of the company's contacts by name or number (searched from CONTACT_SEARCH_MIN characters), or shows the
 * one picked with a button to change it. The new-ticket and schedule dialogs use it inside their Field.
 */
export function ContactPicker({
  id,
  value,
  onChange,
  error,
  texts,
}: {
  id: string;
  value: ContactPick | null;
  onChange: (contact: ContactPick | null) => void;
  error?: string;
  texts: ContactPickerTexts;
}) {
  const [term, setTerm] = useState("");
  const search = useContactSearch(term);
  return value ? (
    <div className="flex items-center gap-3 rounded-lg border border-line-strong bg-surface-2 px-3 py-2">
      <span className="flex size-8 items-center justify-center rounded-full bg-surface-3 text-muted">
        <UserRound className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p id={id} className="truncate text-sm font-medium">
          {value.name}
        </p>
        <p className="truncate text-xs text-subtle">{formatPhone(value.number)}</p>
      </div>
      <Button variant="ghost" size="icon-sm" onClick={() => onChange(null)} aria-label={texts.change} title={texts.change}>
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  ) : (
    <div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
        <Input
          id={id}
          type="search"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder={texts.placeholder}
          autoComplete="off"
          autoFocus
          className="pl-9"
          invalid={!!error}
          aria-controls={`${id}-results`}
          aria-describedby={describedBy(id, error)}
        />
      </div>
      <div id={`${id}-results`} className="mt-2 max-h-56 overflow-y-auto rounded-lg border border-line" aria-live="polite">
        {search.tooShort ? (
          <p className="px-3 py-3 text-sm text-muted">{texts.typeMore}</p>
        ) : search.loading ? (
          <p className="flex items-center gap-2 px-3 py-3 text-sm text-muted">
            <Spinner /> {texts.searching}
          </p>
        ) : search.results.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted">{texts.none}</p>
        ) : (
          <ul role="listbox" aria-label={texts.list} className="divide-y divide-line">
            {search.results.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  role="option"
                  aria-selected={false}
                  onClick={() => onChange(c)}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                >
                  <span className="truncate font-medium">{c.name}</span>
                  <span className="shrink-0 text-xs text-subtle tabular-nums">{formatPhone(c.number)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
