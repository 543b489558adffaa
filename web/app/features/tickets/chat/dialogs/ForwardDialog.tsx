import { Search, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../../components/ui/Dialog";
import { Input } from "../../../../components/ui/Input";
import { Spinner } from "../../../../components/ui/Spinner";
import { toastError } from "../../../../lib/errors";
import { useDebouncedValue } from "../../../../lib/hooks";
import { searchContacts } from "../api";
import { MIN_SEARCH_CHARS, searchable } from "../rules/forward";
import { formatPhone } from "../../../../lib/phone";
import type { ContactPick } from "../types";
import "../texts";

/**
 * Chooses the contact to forward to (search from 3 characters), then shows the one-at-a-time progress.
 */
export function ForwardDialog({
  open,
  count,
  progress,
  onOpenChange,
  onForward,
}: {
  open: boolean;
  count: number;
  progress: { done: number; total: number } | null;
  onOpenChange: (open: boolean) => void;
  onForward: (contact: ContactPick) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term.trim(), 500);
  const [results, setResults] = useState<ContactPick[] | null>(null);
  const [chosen, setChosen] = useState<ContactPick | null>(null);
  const busy = progress !== null;

  useEffect(() => {
    if (!open) {
      setTerm("");
      setChosen(null);
      setResults(null);
    }
  }, [open]);

  useEffect(() => {
    if (!searchable(search)) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    searchContacts(search, controller.signal)
      .then(setResults)
      .catch((err) => {
        if (!controller.signal.aborted) toastError(err);
      });
    return () => controller.abort();
  }, [search]);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent title={t("ticketChat.forward.title", { count })} size="md">
        <DialogBody className="space-y-3">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
            <Input
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder={t("ticketChat.forward.searchPlaceholder")}
              aria-label={t("ticketChat.forward.searchPlaceholder")}
              className="pl-9"
              disabled={busy}
              autoFocus
            />
          </div>
          {!searchable(term) ? (
            <p className="text-xs text-subtle">{t("ticketChat.forward.searchHint", { min: MIN_SEARCH_CHARS })}</p>
          ) : results === null || search !== term.trim() ? (
            <div className="py-2 text-muted">
              <Spinner label={t("common.loading")} />
            </div>
          ) : results.length === 0 ? (
            <p className="text-sm text-muted">{t("ticketChat.forward.noContacts")}</p>
          ) : (
            <ul role="listbox" aria-label={t("ticketChat.forward.contacts")} className="max-h-64 overflow-y-auto rounded-lg border border-line p-1">
              {results.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={chosen?.id === c.id}
                    disabled={busy}
                    onClick={() => setChosen(c)}
                    className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-3 aria-selected:bg-brand-soft"
                  >
                    <span className="flex size-8 items-center justify-center rounded-full bg-surface-3 text-muted">
                      <UserRound className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{c.name}</span>
                      <span className="block truncate text-xs text-muted">{formatPhone(c.number)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {progress ? (
            <div className="space-y-1" role="status">
              <div className="h-1.5 overflow-hidden rounded-full bg-surface-3">
                <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${(progress.done / Math.max(1, progress.total)) * 100}%` }} />
              </div>
              <p className="text-xs text-muted">{t("ticketChat.forward.progress", { done: progress.done, total: progress.total })}</p>
            </div>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => chosen && onForward(chosen)} disabled={!chosen} loading={busy}>
            {chosen ? t("ticketChat.forward.submitTo", { name: chosen.name }) : t("ticketChat.forward.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
