import { ArrowLeft, LogOut, MoreVertical, Paperclip, Pencil, Trash2, Users } from "lucide-react";
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../components/ui/Menu";
import { Spinner } from "../../components/ui/Spinner";
import { cn } from "../../components/ui/cn";
import { ZoneNote } from "../../components/ui/ZoneNote";
import { dayKeyIn } from "../../lib/dates";
import { useCompanyTime } from "../../lib/useCompanyTime";
import type { ChatView } from "./api";
import { Composer } from "./Composer";
import { chatName, initials } from "./names";
import { useChatMessages } from "./useChatMessages";

/** Older messages load when the view is scrolled to within this many pixels of the top (spec 002). */
const LOAD_OLDER_WITHIN_PX = 600;

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export function Conversation({
  chat,
  userId,
  onBack,
  onEdit,
  onDelete,
  onLeave,
}: {
  chat: ChatView;
  userId: number;
  onBack?: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { messages, status, hasMore, loadOlder, add } = useChatMessages(chat.id);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBefore = useRef(0);
  const name = chatName(chat, userId);
  const owner = chat.ownerId === userId;

  // Kept at the bottom while the reader is there; an older page keeps the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (stick.current) el.scrollTop = el.scrollHeight;
    else if (heightBefore.current) el.scrollTop += el.scrollHeight - heightBefore.current;
    heightBefore.current = 0;
  }, [messages]);

  useEffect(() => {
    stick.current = true;
  }, [chat.id]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop < LOAD_OLDER_WITHIN_PX && hasMore) {
      heightBefore.current = el.scrollHeight;
      void loadOlder();
    }
  }

  // Days and times in the company's zone, as in the tickets' chat.
  const clock = useCompanyTime();
  const dayOf = (date: Date) => dayKeyIn(date, clock.timeZone);
  const today = dayOf(new Date());
  const yesterday = dayOf(new Date(Date.now() - 86_400_000));
  const dayLabel = (date: Date) => (dayOf(date) === today ? t("chats.today") : dayOf(date) === yesterday ? t("chats.yesterday") : clock.day(date));
  const lastMine = [...messages].reverse().find((m) => m.senderId === userId);
  const seenBy = lastMine
    ? chat.users.filter((u) => u.userId !== userId && u.lastReadMessageId >= lastMine.id).map((u) => u.user.name)
    : [];

  return (
    <section className="flex h-full min-h-0 flex-col" aria-label={name}>
      <header className="flex items-center gap-2 border-b border-line px-3 py-2">
        {onBack ? (
          <button type="button" onClick={onBack} aria-label={t("chats.back")} className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-surface-2 md:hidden">
            <ArrowLeft className="size-5" aria-hidden />
          </button>
        ) : null}
        <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-xs font-semibold text-brand-text">
          {initials(name)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">{name}</h2>
          <p className="flex items-center gap-1 truncate text-xs text-muted">
            <Users className="size-3" aria-hidden />
            {chat.users.map((u) => (u.userId === userId ? t("chats.you") : u.user.name)).join(", ")}
          </p>
        </div>
        <Menu>
          <MenuTrigger aria-label={t("chats.title")} className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-surface-2">
            <MoreVertical className="size-5" aria-hidden />
          </MenuTrigger>
          <MenuContent align="end">
            {owner && !chat.direct ? (
              <MenuItem onSelect={onEdit}>
                <Pencil className="size-4" aria-hidden />
                {t("chats.edit")}
              </MenuItem>
            ) : null}
            {owner ? (
              <MenuItem onSelect={onDelete} className="text-danger">
                <Trash2 className="size-4" aria-hidden />
                {t("chats.delete")}
              </MenuItem>
            ) : null}
            <MenuItem onSelect={onLeave}>
              <LogOut className="size-4" aria-hidden />
              {t("chats.leave")}
            </MenuItem>
          </MenuContent>
        </Menu>
      </header>
      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto bg-surface-2 px-3 py-4" data-testid="chat-messages">
        <ZoneNote className="mb-2 justify-center" />
        {hasMore ? (
          <p className="mb-3 flex items-center justify-center gap-2 text-xs text-muted">
            <Spinner className="size-3" /> {t("chats.loadingOlder")}
          </p>
        ) : null}
        {status === "loading" ? (
          <div className="flex h-full items-center justify-center">
            <Spinner />
          </div>
        ) : messages.length === 0 ? (
          <p className="mt-10 text-center text-sm text-muted">{t("chats.noMessages")}</p>
        ) : (
          <ol className="flex flex-col gap-1.5">
            {messages.map((m, i) => {
              const at = new Date(m.createdAt);
              const prev = messages[i - 1];
              const newDay = !prev || dayOf(new Date(prev.createdAt)) !== dayOf(at);
              const mine = m.senderId === userId;
              const sameSender = prev && !newDay && prev.senderId === m.senderId;
              return (
                <Fragment key={m.id}>
                  {newDay ? (
                    <li role="separator" className="my-2 flex justify-center">
                      <span className="rounded-full bg-surface px-3 py-0.5 text-[11px] font-medium text-muted shadow-sm">{dayLabel(at)}</span>
                    </li>
                  ) : null}
                  <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-message-id={m.id}>
                    <div className={cn("max-w-[80%] rounded-2xl px-3 py-1.5 text-sm shadow-sm", mine ? "rounded-br-sm bg-brand-soft" : "rounded-bl-sm bg-surface")}>
                      {!mine && !sameSender ? <p className="text-xs font-semibold text-brand-text">{m.sender?.name ?? "—"}</p> : null}
                      {m.mediaUrl ? (
                        IMAGE.test(m.mediaName ?? "") ? (
                          <a href={m.mediaUrl} target="_blank" rel="noreferrer">
                            <img src={m.mediaUrl} alt={m.mediaName ?? ""} className="my-1 max-h-60 rounded-lg" loading="lazy" />
                          </a>
                        ) : (
                          <a href={m.mediaUrl} download={m.mediaName ?? undefined} className="my-1 flex items-center gap-2 rounded-lg bg-surface-3 px-2 py-1.5 text-xs underline-offset-2 hover:underline">
                            <Paperclip className="size-4" aria-hidden />
                            {m.mediaName}
                          </a>
                        )
                      ) : null}
                      {m.message ? <p className="whitespace-pre-wrap break-words">{highlight(m.message, chat)}</p> : null}
                      <p className="mt-0.5 text-right text-[10px] text-muted">{clock.time(at)}</p>
                    </div>
                  </li>
                </Fragment>
              );
            })}
          </ol>
        )}
        {seenBy.length ? <p className="mt-1 text-right text-[11px] text-muted">{t("chats.seenBy", { names: seenBy.join(", ") })}</p> : null}
      </div>
      <Composer chat={chat} userId={userId} onSent={add} />
    </section>
  );
}

/** The members' @names in bold. */
function highlight(text: string, chat: ChatView) {
  const names = chat.users.map((u) => u.user.name).sort((a, b) => b.length - a.length);
  if (!names.length) return text;
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(@(?:${escaped.join("|")}))`, "g"));
  return parts.map((part, i) => (i % 2 === 1 ? <strong key={i} className="text-brand-text">{part}</strong> : part));
}
