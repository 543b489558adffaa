import { Link } from "@remix-run/react";
import { CircleCheck, Eye, Glasses, Smartphone, UserRound } from "lucide-react";
import { memo, useEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/Spinner";
import { chipColors } from "../../tags/colors";
import { AckIcon } from "../chat/messages/AckIcon";
import { FormattedPreview } from "../shared/Formatted";
import { previewText } from "../shared/textFormat";
import type { ListTicket } from "../shared/types";
import { formatDateTime } from "../../../lib/dates";
import { lastInteraction, type InteractionTone } from "./lastInteraction";
import type { RowActions } from "./rowActions";
import { TicketAvatar } from "./TicketAvatar";
import { formatPhone } from "../../../lib/phone";
import { PriorityChip, SlaChip } from "../shared/TicketBadges";

const toneClass: Record<InteractionTone, string> = {
  neutral: "text-subtle",
  green: "text-[#15803d] dark:text-[#4ade80]",
  orange: "text-[#c2410c] dark:text-[#fb923c]",
  red: "text-danger",
};

export interface TicketRowProps {
  ticket: ListTicket;
  selected: boolean;
  /** The list's clock (ticks every 30 s), for the last-interaction label. */
  now: number;
  actions: RowActions;
  accepting: boolean;
  onAccept: (ticket: ListTicket) => void;
  onClose: (ticket: ListTicket) => void;
  onPreview: (ticket: ListTicket) => void;
  onSpy: (ticket: ListTicket) => void;
  /** The company's time zone, for the full date in the label's tooltip. */
  timeZone: string;
}

const iconAction =
  "inline-flex size-7 max-sm:size-11 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-3 hover:text-fg focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:outline-none";

function IconAction({ label, title, onClick, children }: { label: string; title: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={title} className={iconAction}>
      {children}
    </button>
  );
}

function Chip({ children, className, title, style }: { children: ReactNode; className?: string; title?: string; style?: CSSProperties }) {
  return (
    <span
      title={title}
      style={style}
      className={cn("inline-flex h-5 max-w-[9rem] shrink-0 items-center gap-1 truncate rounded-full px-2 text-[11px] leading-none font-medium", className)}
    >
      {children}
    </span>
  );
}

/** The last message on one line: WhatsApp's formatting rendered, our signature left out, ticks when we sent it. */
function LastMessage({ ticket }: { ticket: ListTicket }) {
  const { t } = useTranslation();
  const ours = ticket.lastMessageAck !== undefined && ticket.lastMessageAck !== null;
  const fromMe = ours || !!ticket.fromMe;
  // The plain words also serve as the title, so a preview cut by the row's width can be read whole.
  const text = ticket.lastMessage ? previewText(ticket.lastMessage, fromMe) : "";
  const empty = !text;
  return (
    <p className={cn("flex min-w-0 flex-1 items-center gap-1 text-sm", ticket.unreadMessages > 0 ? "text-fg" : "text-muted")} data-testid="ticket-preview">
      {ours ? <AckIcon ack={ticket.lastMessageAck!} /> : null}
      <span className="min-w-0 truncate" title={text || undefined}>
        {empty ? <span className="italic text-subtle">{t("tickets.row.noMessage")}</span> : <FormattedPreview text={ticket.lastMessage} fromMe={fromMe} />}
      </span>
    </p>
  );
}

export const TicketRow = memo(function TicketRow({ ticket, selected, now, actions, accepting, onAccept, onClose, onPreview, onSpy, timeZone }: TicketRowProps) {
  const { t, i18n } = useTranslation();
  const age = lastInteraction(ticket.updatedAt, now);
  const ageText = age.unit === "now" ? t("tickets.age.now") : t(`tickets.age.${age.unit}`, { count: age.value });
  const tone = ticket.status === "closed" ? "neutral" : age.tone;
  const name = ticket.contact?.name || formatPhone(ticket.contact?.number) || `#${ticket.id}`;
  const hasActions = actions.accept || actions.close || actions.preview || actions.spy;
  const href = `/tickets/${ticket.uuid}`;
  const row = useRef<HTMLLIElement>(null);
  // Chosen from the keyboard (Alt+Up/Down), the command bar or after accepting: keep it in sight.
  useEffect(() => {
    if (selected) row.current?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return (
    <li
      ref={row}
      className={cn(
        "relative flex gap-3 border-b border-l-[3px] border-b-line py-3 pr-3 pl-2.5 transition-colors hover:bg-surface-2",
        "has-[a:focus-visible]:bg-surface-2 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand has-[a:focus-visible]:ring-inset",
        selected && "bg-brand-soft hover:bg-brand-soft dark:bg-surface-3 dark:hover:bg-surface-3",
      )}
      style={{ borderLeftColor: ticket.queue?.color ?? "transparent" }}
    >
      <TicketAvatar name={name} src={ticket.contact?.profilePicUrl} isGroup={ticket.isGroup} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          {/* The name is the row's link; it stretches over the whole row, the action buttons sit above it. */}
          <Link
            to={href}
            prefetch="none"
            title={name}
            aria-current={selected ? "page" : undefined}
            className={cn(
              "min-w-0 flex-1 truncate text-[15px] text-fg after:absolute after:inset-0 focus-visible:outline-none",
              ticket.unreadMessages > 0 ? "font-semibold" : "font-medium",
            )}
          >
            {name}
          </Link>
          <time
            dateTime={ticket.updatedAt}
            title={t("tickets.row.lastInteraction", { date: formatDateTime(ticket.updatedAt, i18n.language, timeZone) })}
            className={cn("shrink-0 text-xs tabular-nums", toneClass[tone], tone !== "neutral" && "font-semibold")}
          >
            {ageText}
          </time>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <LastMessage ticket={ticket} />
          {ticket.unreadMessages > 0 ? (
            <span
              className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-[11px] font-bold text-brand-fg tabular-nums"
              title={t("tickets.row.unread", { count: ticket.unreadMessages })}
            >
              <span aria-hidden>{ticket.unreadMessages > 99 ? "99+" : ticket.unreadMessages}</span>
              <span className="sr-only">{t("tickets.row.unread", { count: ticket.unreadMessages })}</span>
            </span>
          ) : null}
        </div>
        <div className="mt-1.5 flex min-h-7 items-start gap-2">
          {/* The chips wrap rather than run under a fade (a connection read "Bal"); a long name ends in "…" with its title. */}
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1 py-1">
            <SlaChip ticket={ticket} now={now} timeZone={timeZone} />
            <PriorityChip priority={ticket.priority} />
            {ticket.queue ? (
              <Chip className="border border-line bg-surface-2 text-fg" title={ticket.queue.name}>
                <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: ticket.queue.color }} aria-hidden />
                <span className="truncate">{ticket.queue.name}</span>
              </Chip>
            ) : (
              <Chip className="border border-dashed border-line-strong text-subtle">{t("tickets.queues.noQueue")}</Chip>
            )}
            {ticket.tags.map((tag) => (
              <Chip key={tag.id} title={tag.name} style={chipColors(tag.color)}>
                <span className="truncate">{tag.name}</span>
              </Chip>
            ))}
            {ticket.status === "open" && ticket.user ? (
              <Chip className="bg-surface-3 text-muted" title={`${t("tickets.row.owner")}: ${ticket.user.name}`}>
                <UserRound className="size-3 shrink-0" aria-hidden />
                <span className="sr-only">{t("tickets.row.owner")}: </span>
                <span className="truncate">{ticket.user.name}</span>
              </Chip>
            ) : null}
            {ticket.whatsapp ? (
              <Chip className="bg-surface-3 text-muted" title={`${t("tickets.row.connection")}: ${ticket.whatsapp.name}`}>
                <Smartphone className="size-3 shrink-0" aria-hidden />
                <span className="sr-only">{t("tickets.row.connection")}: </span>
                <span className="truncate">{ticket.whatsapp.name}</span>
              </Chip>
            ) : null}
          </div>
          {hasActions ? (
            <div className="relative z-10 flex shrink-0 items-center gap-0.5">
              {actions.preview ? (
                <IconAction label={`${t("tickets.row.preview")}: ${name}`} title={t("tickets.row.preview")} onClick={() => onPreview(ticket)}>
                  <Eye className="size-4" aria-hidden />
                </IconAction>
              ) : null}
              {actions.spy ? (
                <IconAction label={`${t("tickets.row.spy")}: ${name}`} title={t("tickets.row.spy")} onClick={() => onSpy(ticket)}>
                  <Glasses className="size-4" aria-hidden />
                </IconAction>
              ) : null}
              {actions.close ? (
                <IconAction label={`${t("tickets.row.close")}: ${name}`} title={t("tickets.row.close")} onClick={() => onClose(ticket)}>
                  <CircleCheck className="size-4" aria-hidden />
                </IconAction>
              ) : null}
              {actions.accept ? (
                <button
                  type="button"
                  onClick={() => onAccept(ticket)}
                  disabled={accepting}
                  aria-busy={accepting || undefined}
                  aria-label={`${t("tickets.row.accept")}: ${name}`}
                  className="ml-1 inline-flex h-7 items-center gap-1.5 rounded-lg bg-brand px-2.5 text-xs font-semibold text-brand-fg shadow-sm transition-colors hover:bg-brand-strong focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:ring-offset-1 focus-visible:outline-none disabled:opacity-60"
                >
                  {accepting ? <Spinner className="size-3.5" /> : null}
                  {t("tickets.row.accept")}
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
});
