import { Check, Tag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { Popover, PopoverContent, PopoverTrigger } from "../../../../components/ui/Popover";
import { Spinner } from "../../../../components/ui/Spinner";
import { toastError } from "../../../../lib/errors";
import { chipColors } from "../../../tags/colors";
import { listTags, syncTags } from "../api";
import type { ChatTicket, TagRef } from "../types";
import "../texts";

export function TagChip({ tag }: { tag: TagRef }) {
  return (
    <span
      className="inline-flex max-w-32 items-center gap-1 truncate rounded-full px-2 py-0.5 text-[11px] font-semibold"
      style={chipColors(tag.color)}
      title={tag.name}
    >
      <span className="truncate">{tag.name}</span>
    </span>
  );
}

/** The ticket's tags: a multi-select of the company's tags, saved on every change (POST /tags/sync). */
export function TagsControl({ ticket, onChange }: { ticket: ChatTicket; onChange: (ticket: ChatTicket) => void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<TagRef[] | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  const chosen = new Set(ticket.tags.map((tag) => tag.id));

  const load = (open: boolean) => {
    if (!open || tags) return;
    listTags()
      .then(setTags)
      .catch((err) => {
        setTags([]);
        toastError(err);
      });
  };

  const toggle = async (tag: TagRef) => {
    const next = chosen.has(tag.id) ? [...chosen].filter((id) => id !== tag.id) : [...chosen, tag.id];
    setSaving(tag.id);
    try {
      onChange(await syncTags(ticket.id, next));
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Popover onOpenChange={load}>
      <PopoverTrigger
        aria-label={t("ticketChat.tags.label")}
        title={t("ticketChat.tags.label")}
        className="relative inline-flex size-9 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
      >
        <Tag className="size-[18px]" aria-hidden />
        {ticket.tags.length ? (
          <span className="absolute -top-0.5 -right-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-brand px-1 text-[10px] font-bold text-brand-fg">
            {ticket.tags.length}
          </span>
        ) : null}
      </PopoverTrigger>
      <PopoverContent className="w-64 p-1">
        <p className="px-3 py-2 text-xs font-semibold text-muted">{t("ticketChat.tags.label")}</p>
        {!tags ? (
          <div className="px-3 py-3 text-muted">
            <Spinner label={t("common.loading")} />
          </div>
        ) : tags.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted">{t("ticketChat.tags.empty")}</p>
        ) : (
          <ul role="listbox" aria-multiselectable="true" aria-label={t("ticketChat.tags.label")} className="max-h-64 overflow-y-auto">
            {tags.map((tag) => {
              const selected = chosen.has(tag.id);
              return (
                <li key={tag.id}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    disabled={saving !== null}
                    onClick={() => void toggle(tag)}
                    className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-3 disabled:opacity-60"
                  >
                    <span
                      className={cn("flex size-4 items-center justify-center rounded border", selected ? "border-brand bg-brand text-brand-fg" : "border-line-strong")}
                      aria-hidden
                    >
                      {saving === tag.id ? <Spinner className="size-3" /> : selected ? <Check className="size-3" /> : null}
                    </span>
                    <span className="size-2.5 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
                    <span className="truncate">{tag.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
