import { Link, useNavigate } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPopover } from "../../components/shell/HeaderPopovers";
import { cn } from "../../components/ui/cn";
import { useSessionUser } from "../../lib/session-user";
import { chatName, initials } from "./names";
import { chatStore, useChats, useChatUnread } from "./store";
import "./texts";

/** How many chats the top bar lists; the page has them all. */
const SHOWN = 8;

/** The top bar's internal-chat popover: the user's latest chats with their unread counts, live. */
export function ChatsPopover() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { chats } = useChats();
  const unread = useChatUnread();
  const [open, setOpen] = useState(false);
  const shown = chats.slice(0, SHOWN);
  return (
    <ListPopover
      icon={MessageCircle}
      label={t("shell.chats")}
      emptyTitle={t("shell.noChats")}
      count={unread.chats}
      open={open}
      onOpenChange={setOpen}
      footer={
        <Link to="/chats" onClick={() => setOpen(false)} className="block rounded-md px-2 py-1.5 text-center text-sm font-medium text-brand-text hover:bg-surface-2">
          {t("chats.openAll")}
        </Link>
      }
    >
      {shown.length ? (
        <ul aria-label={t("shell.chats")}>
          {shown.map((chat) => {
            const name = chatName(chat, user.id);
            const count = chatStore.unreadOf(chat);
            return (
              <li key={chat.id}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    navigate(`/chats/${chat.uuid}`);
                  }}
                  className="flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                >
                  <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-xs font-semibold text-brand-text">
                    {initials(name)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={cn("block truncate text-sm", count > 0 ? "font-semibold" : "font-medium")}>{name}</span>
                    <span className="block truncate text-xs text-muted">{chat.lastMessage || "—"}</span>
                  </span>
                  {count > 0 ? (
                    <span className="rounded-full bg-brand px-1.5 py-0.5 text-[11px] font-bold text-brand-fg" aria-label={t("chats.unread", { count })}>
                      {count}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </ListPopover>
  );
}
