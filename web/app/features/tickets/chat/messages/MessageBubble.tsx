import { AlertCircle, Bot, Clock, Forward, PhoneMissed } from "lucide-react";
import { memo, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { retryScheduled } from "../../../../../../worker/contracts/sendFailures";
import { formatDateTime } from "../../../../lib/dates";
import { describeErrorCode } from "../../../../lib/errors";
import { timeOf } from "../rules/days";
import type { ReactionSummary } from "../rules/messages";
import { LONG_PRESS_MS } from "../rules/reactions";
import type { ChatMessage } from "../types";
import { AckIcon } from "./AckIcon";
import { MessageContent } from "./MessageContent";
import { MessageMenu, type MessageMenuActions } from "./MessageMenu";
import { QuotedBlock } from "./QuotedBlock";
import { RatingNote } from "./Rating";
import { ReactionChips } from "./ReactionChips";
import "../texts";

export interface BubbleProps {
  message: ChatMessage;
  timeZone: string;
  /** Shown above the text in group chats (the participant who wrote). */
  senderName: string | null;
  contactName: string;
  reactions: ReactionSummary[] | undefined;
  actions: MessageMenuActions;
  selecting: boolean;
  selected: boolean;
  selectable: boolean;
  onToggleSelect: (id: number) => void;
  onOpenImage: (src: string, name: string) => void;
  onJumpTo: (id: number) => void;
}

/** One message: left for the contact, right for us; a checkbox on the left while choosing messages to forward. */
export const MessageBubble = memo(function MessageBubble(props: BubbleProps) {
  const { message, selecting, selected, selectable } = props;
  const { t } = useTranslation();
  if (message.mediaType === "call_log") return <CallLine message={message} timeZone={props.timeZone} />;
  return (
    <div
      data-message-id={message.id}
      data-sent-by-bot={message.sentByBot || undefined}
      onClick={() => selecting && selectable && props.onToggleSelect(message.id)}
      className={cn("flex items-start gap-2 px-3 py-0.5 @2xl:px-[6%]", selecting && selectable && "cursor-pointer", selected && "bg-brand/10")}
    >
      {selecting ? (
        <input
          type="checkbox"
          checked={selected}
          disabled={!selectable}
          onChange={() => props.onToggleSelect(message.id)}
          onClick={(e) => e.stopPropagation()}
          aria-label={t("ticketChat.forward.selectMessage")}
          className="mt-2 size-4 shrink-0 accent-[var(--brand)]"
        />
      ) : null}
      <div className={cn("flex min-w-0 flex-1", message.fromMe ? "justify-end" : "justify-start")}>
        <div
          className={cn(
            "flex max-w-[85%] min-w-0 flex-col @2xl:max-w-[70%]",
            message.fromMe ? "items-end" : "items-start",
            selecting && "pointer-events-none",
          )}
        >
          <BubbleCard {...props} />
          {props.reactions?.length ? <ReactionChips reactions={props.reactions} fromMe={message.fromMe} /> : null}
          {message.rating ? <RatingNote rate={message.rating} /> : null}
        </div>
      </div>
    </div>
  );
});

function CallLine({ message, timeZone }: { message: ChatMessage; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div className="my-1 flex justify-center" data-message-id={message.id}>
      <span className="inline-flex items-center gap-2 rounded-lg bg-surface px-3 py-1.5 text-xs text-muted shadow-sm">
        <PhoneMissed className="size-3.5 text-danger" aria-hidden />
        {message.body || t("ticketChat.message.call")} · {timeOf(message.createdAt, timeZone)}
      </span>
    </div>
  );
}

/** The bubble itself; its menu opens on hover (the chevron) or on a long press on touch screens. */
function BubbleCard({ message, timeZone, senderName, contactName, actions, selecting, onOpenImage, onJumpTo }: BubbleProps) {
  const { t, i18n } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout>>();
  const startPress = (e: PointerEvent) => {
    if (e.pointerType === "touch" && !selecting) press.current = setTimeout(() => setMenuOpen(true), LONG_PRESS_MS);
  };
  const endPress = () => clearTimeout(press.current);
  const fromMe = message.fromMe;
  return (
    <div
      onPointerDown={startPress}
      onPointerUp={endPress}
      onPointerLeave={endPress}
      onPointerCancel={endPress}
      onContextMenu={(e) => menuOpen && e.preventDefault()}
      className={cn(
        "group relative max-w-full min-w-0 rounded-lg px-2.5 pt-1.5 pb-1 text-fg shadow-sm",
        fromMe ? "rounded-tr-none" : "rounded-tl-none bg-surface",
        // The chatbot's and the system's messages are told apart from an agent's by their tint and a label. On the dark
        // tints the faint text (time, "forwarded") is lighter, to keep 4.5:1.
        fromMe &&
          (message.sentByBot ? "bg-[#e4e8fb] dark:bg-[#2b3566] dark:[--subtle:#aab4d8]" : "bg-[#d9fdd3] dark:bg-[#005c4b] dark:[--subtle:#c2d6d0]"),
        message.isPrivate && "ring-2 ring-[#f5c542]/70",
      )}
    >
      {!selecting ? <MessageMenu open={menuOpen} onOpenChange={setMenuOpen} fromMe={fromMe} actions={actions} /> : null}
      {senderName ? <p className="mb-0.5 pr-6 text-xs font-semibold text-[#5361b8] dark:text-[#9aa6f0]">{senderName}</p> : null}
      {message.sentByBot ? (
        <p className="mb-0.5 flex items-center gap-1 pr-6 text-xs font-semibold text-[#4a56b0] dark:text-[#aab4f5]" title={t("ticketChat.message.automaticHint")}>
          <Bot className="size-3.5" aria-hidden />
          {t("ticketChat.message.automatic")}
        </p>
      ) : null}
      {message.isForwarded ? (
        <p className="mb-0.5 flex items-center gap-1 pr-6 text-xs text-subtle italic">
          <Forward className="size-3.5" aria-hidden />
          {t("ticketChat.message.forwarded")}
        </p>
      ) : null}
      {message.quotedMsg && !message.isDeleted ? (
        <QuotedBlock
          quoted={message.quotedMsg}
          contactName={contactName}
          className="mb-1"
          onClick={selecting ? undefined : () => onJumpTo(message.quotedMsg!.id)}
        />
      ) : null}
      <div className="pr-6">
        <MessageContent message={message} onOpenImage={onOpenImage} />
      </div>
      {fromMe && message.sendError && !message.isDeleted ? (
        // The reason, readable where a tooltip is not (phones); on our dark green bubble a lighter red keeps 4.5:1.
        <p className="mt-0.5 pr-6 text-xs text-danger dark:text-[#ffb4a9]" data-testid="send-error">
          {describeErrorCode(message.sendError, t)}
        </p>
      ) : null}
      <div className="-mt-0.5 flex items-center justify-end gap-1 pl-6 text-[11px] leading-4 text-subtle">
        {message.isEdited && !message.isDeleted ? <span>{t("ticketChat.message.edited")}</span> : null}
        <time dateTime={message.createdAt}>{timeOf(message.createdAt, timeZone)}</time>
        {fromMe && !message.isDeleted ? (
          message.sendError && retryScheduled(message) ? (
            <span role="status" className="inline-flex items-center gap-0.5 font-medium text-warning-fg" title={describeErrorCode(message.sendError, t)}>
              <Clock className="size-3.5" aria-hidden />
              {t("ticketChat.message.retryScheduled", { at: formatDateTime(message.retryAt!, i18n.language, timeZone) })}
            </span>
          ) : message.sendError ? (
            <span role="status" className="inline-flex items-center gap-0.5 font-medium text-danger" title={describeErrorCode(message.sendError, t)}>
              <AlertCircle className="size-3.5" aria-hidden />
              {t("ticketChat.message.failed")}
            </span>
          ) : (
            <AckIcon ack={message.ack} />
          )
        ) : null}
      </div>
    </div>
  );
}
