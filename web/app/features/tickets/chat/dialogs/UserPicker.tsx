import { UserRound, X } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../../components/ui/Input";
import { matchUsers, MIN_SEARCH_CHARS } from "../rules/forward";
import type { UserRef } from "../types";
import "../texts";

/** An optional user, searched by name from 3 characters; the chosen one shows with a clear button. */
export function UserPicker({ id, users, value, onChange }: { id: string; users: UserRef[]; value: UserRef | null; onChange: (user: UserRef | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const matches = useMemo(() => matchUsers(users, search), [users, search]);
  if (value) {
    return (
      <div className="flex h-10 items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <UserRound className="size-4 text-muted" aria-hidden />
          <span className="truncate">{value.name}</span>
        </span>
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label={t("ticketChat.transfer.clearUser")}
          className="inline-flex size-7 items-center justify-center rounded-full text-muted hover:bg-surface-3"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    );
  }
  return (
    <div className="relative">
      <Input
        id={id}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t("ticketChat.transfer.userPlaceholder")}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
      />
      {matches.length > 0 ? (
        <ul role="listbox" aria-label={t("ticketChat.transfer.user")} className="mt-1 max-h-44 overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-panel">
          {matches.map((u) => (
            <li key={u.id}>
              <button
                type="button"
                role="option"
                aria-selected={false}
                onClick={() => {
                  onChange(u);
                  setSearch("");
                }}
                className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-3"
              >
                <span className={u.online ? "size-2 rounded-full bg-brand" : "size-2 rounded-full bg-line-strong"} aria-hidden />
                {u.name}
              </button>
            </li>
          ))}
        </ul>
      ) : search.trim().length >= MIN_SEARCH_CHARS ? (
        <p className="mt-1 text-xs text-subtle">{t("ticketChat.transfer.noUser")}</p>
      ) : null}
    </div>
  );
}
