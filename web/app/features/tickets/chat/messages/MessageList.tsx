import { ArrowDown, MessagesSquare } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../../../components/ui/Spinner";
import { eventsInView, withDaySeparators } from "../rules/days";
import { splitReactions } from "../rules/messages";
import type { useMessages } from "../hooks/useMessages";
import type { ChatMessage, TrackingEntry } from "../types";
import { DaySeparator } from "./DaySeparator";
import { MessageBubble } from "./MessageBubble";
import { SystemLine } from "./SystemLine";
import type { MessageMenuActions } from "./MessageMenu";
import { useChatScroll } from "./useChatScroll";
import "../texts";

/** A ticket's loaded messages and their paging, as useMessages keeps them. */
export type Conversation = Pick<ReturnType<typeof useMessages>, "messages" | "loaded" | "hasMore" | "loadingOlder" | "loadOlder">;

export interface MessageListProps {
  conversation: Conversation;
  timeZone: string;
  /** The logged-in user: their own new messages always scroll into view. */
  myUserId: number;
  isGroup: boolean;
  contactName: string;
  actionsFor: (message: ChatMessage) => MessageMenuActions;
  selecting: boolean;
  selected: ReadonlySet<number>;
  selectable: (message: ChatMessage) => boolean;
  onToggleSelect: (id: number) => void;
  onOpenImage: (src: string, name: string) => void;
  /** The ticket's history, shown as system lines among the messages (accepted, transferred, resolved…). */
  events?: TrackingEntry[] | null;
}

/**
 * The conversation: day separators, bubbles, reactions on their targets, the ticket's events as system lines, and
 * a pill for unseen new messages.
 */
export function MessageList(props: MessageListProps) {
  const { messages, loaded, hasMore, loadingOlder, loadOlder: onLoadOlder } = props.conversation;
  const { timeZone } = props;
  const { t } = useTranslation();
  const { visible, reactions } = useMemo(() => splitReactions(messages), [messages]);
  // "Hoje"/"Ontem" are relative to now; re-evaluated whenever messages change.
  const events = props.events;
  const rows = useMemo(
    () => withDaySeparators(visible, timeZone, new Date(), eventsInView(events ?? [], visible[0]?.createdAt, hasMore)),
    [visible, timeZone, events, hasMore],
  );
  const { scroller, onScroll, unseen, scrollToBottom, onContentResize } = useChatScroll(visible, loaded, props.myUserId, () => {
    if (hasMore && !loadingOlder) onLoadOlder();
  });
  const content = useRef<HTMLDivElement>(null);
  const [flash, setFlash] = useState<number | null>(null);

  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => onContentResize());
    observer.observe(el);
    return () => observer.disconnect();
  }, [onContentResize]);

  // A first page shorter than the box cannot be scrolled up: fetch older pages until it can.
  useEffect(() => {
    const el = scroller.current;
    if (el && loaded && hasMore && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [loaded, hasMore, loadingOlder, rows.length, onLoadOlder, scroller]);

  const jumpTo = (id: number) => {
    const target = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!target) return;
    target.scrollIntoView({ block: "center", behavior: "smooth" });
    setFlash(id);
    setTimeout(() => setFlash(null), 1200);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain bg-bg py-2"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-busy={!loaded || loadingOlder}
        aria-label={t("ticketChat.message.listLabel")}
      >
        <div ref={content}>
          {loadingOlder ? (
            <div className="flex justify-center py-2 text-muted">
              <Spinner label={t("common.loading")} />
            </div>
          ) : null}
          {!loaded ? (
            <div className="space-y-3 px-3 py-4 @2xl:px-[6%]" aria-hidden>
              {["w-2/5", "w-1/2", "w-1/3", "w-3/5", "w-2/5"].map((width, i) => (
                <div key={i} className={i % 2 ? "flex justify-end" : "flex"}>
                  <Skeleton className={`h-10 rounded-lg ${width}`} />
                </div>
              ))}
            </div>
          ) : rows.length === 0 ? (
            <EmptyState icon={MessagesSquare} title={t("ticketChat.message.empty")} />
          ) : (
            rows.map((row) =>
              row.type === "day" ? (
                <DaySeparator key={row.key} label={row.label} />
              ) : row.type === "event" ? (
                <SystemLine key={row.key} entry={row.event} timeZone={timeZone} />
              ) : (
                <div key={row.key} className={flash === row.message.id ? "animate-shimmer" : undefined}>
                  <MessageBubble
                    message={row.message}
                    timeZone={timeZone}
                    senderName={props.isGroup && !row.message.fromMe ? (row.message.contact?.name ?? null) : null}
                    contactName={props.contactName}
                    reactions={reactions.get(row.message.id)}
                    actions={props.actionsFor(row.message)}
                    selecting={props.selecting}
                    selected={props.selected.has(row.message.id)}
                    selectable={props.selectable(row.message)}
                    onToggleSelect={props.onToggleSelect}
                    onOpenImage={props.onOpenImage}
                    onJumpTo={jumpTo}
                  />
                </div>
              ),
            )
          )}
        </div>
      </div>
      {unseen > 0 ? (
        <button
          type="button"
          onClick={() => scrollToBottom(true)}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand px-3.5 py-1.5 text-xs font-semibold text-brand-fg shadow-panel hover:bg-brand-strong"
        >
          <ArrowDown className="size-3.5" aria-hidden />
          {t("ticketChat.message.newMessages", { count: unseen })}
        </button>
      ) : null}
    </div>
  );
}
