import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import type { ChatView } from "./api";
import { chatName, initials } from "./names";
import { chatStore } from "./store";

/** A chat as the page's list and the top bar's popover show it: initials, name, last message, the user's unread count. */
export function ChatRow({ chat, userId, onOpen, current = false, className }: { chat: ChatView; userId: number; onOpen: () => void; current?: boolean; className?: string }) {
  const { t } = useTranslation();
  const name = chatName(chat, userId);
  const count = chatStore.unreadOf(chat);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? "true" : undefined}
      className={cn("flex w-full items-center gap-3 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none", current && "bg-brand-soft", className)}
    >
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold">
        {initials(name)}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn("block truncate text-sm", count ? "font-semibold" : "font-medium")}>{name}</span>
        <span className="block truncate text-xs text-muted">{chat.lastMessage || t("chats.members", { count: chat.users.length })}</span>
      </span>
      {count ? (
        <span data-unread className="rounded-full bg-brand px-1.5 py-0.5 text-[11px] font-bold text-brand-fg" aria-label={t("chats.unread", { count })}>
          {count}
        </span>
      ) : null}
    </button>
  );
}
