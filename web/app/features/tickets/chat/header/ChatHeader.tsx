import { AlertTriangle, ArrowLeft, PanelRight, UserRound } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { formatPhone } from "../../../../lib/phone";
import type { ChatTicket } from "../types";
import { ContactAvatar } from "./ContactAvatar";
import { TagChip } from "./TagsControl";
import "../texts";

/** Who the conversation is with, its queue and agent, its tags; the actions come in as children. */
export function ChatHeader({
  ticket,
  drawerOpen,
  onToggleDrawer,
  onBack,
  children,
}: {
  ticket: ChatTicket;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onBack: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const contact = ticket.contact;
  const detailsId = useId();
  const presence = contact.presence === "composing" || contact.presence === "recording" ? contact.presence : null;
  return (
    <header className="flex shrink-0 items-center gap-2 border-b border-line bg-surface-2 px-2 py-2 @md:px-4">
      <button
        type="button"
        onClick={onBack}
        aria-label={t("ticketChat.header.back")}
        className="inline-flex size-9 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg md:hidden"
      >
        <ArrowLeft className="size-5" aria-hidden />
      </button>
      {/*
        The whole block opens the contact's details through a button laid over it: named "Dados de …", it holds no
        text of its own, so its name never hides what is shown (the phone, the queue).
      */}
      <div className="relative flex min-w-0 flex-1 items-center gap-3">
        {/* Phones leave the picture out: the header's buttons are a finger's size, and the contact's name comes first. */}
        <ContactAvatar name={contact.name} url={contact.profilePicUrl} className="max-sm:hidden" />
        {/*
          The name has the first line to itself (two on a phone, where it wraps rather than end in "…"); the number
          never shrinks; the queue and the agent share what is left of the second line.
        */}
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 font-semibold break-words @lg:line-clamp-1" title={contact.name} data-testid="chat-contact-name">
            {contact.name}
          </span>
          <span id={detailsId} className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
            {presence ? (
              <span className="truncate text-brand-text">{t(`ticketChat.header.presence.${presence}`)}</span>
            ) : (
              <>
                <span className="shrink-0 whitespace-nowrap tabular-nums">{contact.isGroup ? t("ticketChat.header.group") : formatPhone(contact.number)}</span>
                {contact.undeliverableAt ? (
                  <span
                    className="inline-flex shrink-0 items-center gap-1 rounded-full bg-danger-soft px-1.5 text-[11px] font-medium whitespace-nowrap text-danger"
                    title={t("ticketChat.header.undeliverableHint")}
                    data-testid="chat-undeliverable"
                  >
                    <AlertTriangle className="size-3" aria-hidden />
                    {t("ticketChat.header.undeliverable")}
                    <span className="sr-only">: {t("ticketChat.header.undeliverableHint")}</span>
                  </span>
                ) : null}
                {ticket.queue ? (
                  <span className="hidden max-w-36 min-w-0 items-center gap-1 rounded-full border border-line bg-surface px-1.5 text-[11px] font-medium @lg:inline-flex" title={ticket.queue.name} data-testid="chat-queue">
                    <span className="size-1.5 shrink-0 rounded-full" style={{ backgroundColor: ticket.queue.color }} aria-hidden />
                    <span className="truncate">{ticket.queue.name}</span>
                  </span>
                ) : (
                  <span className="hidden shrink-0 rounded-full border border-dashed border-line-strong px-1.5 text-[11px] whitespace-nowrap text-subtle @lg:inline">{t("ticketChat.header.noQueue")}</span>
                )}
                {ticket.user ? (
                  <span className="hidden min-w-0 items-center gap-1 @lg:inline-flex" data-testid="chat-assignee">
                    <UserRound className="size-3 shrink-0" aria-hidden />
                    <span className="truncate" title={ticket.user.name}>{ticket.user.name}</span>
                  </span>
                ) : null}
                {ticket.user ? <span className="sr-only">{t("ticketChat.header.assignedTo", { name: ticket.user.name })}</span> : null}
              </>
            )}
          </span>
        </span>
        <button
          type="button"
          onClick={onToggleDrawer}
          className="absolute inset-0 rounded-lg"
          aria-label={t("ticketChat.header.contactInfo", { name: contact.name })}
          aria-describedby={detailsId}
        />
      </div>
      {ticket.tags.length ? (
        <div className="hidden min-w-0 items-center gap-1 @4xl:flex" aria-label={t("ticketChat.tags.label")}>
          {ticket.tags.slice(0, 2).map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
          {ticket.tags.length > 2 ? <span className="text-xs text-subtle">+{ticket.tags.length - 2}</span> : null}
        </div>
      ) : null}
      {children}
      <button
        type="button"
        onClick={onToggleDrawer}
        aria-pressed={drawerOpen}
        aria-label={t("ticketChat.header.toggleDrawer")}
        title={t("ticketChat.header.toggleDrawer")}
        className={cn(
          "hidden size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg @3xl:inline-flex",
          drawerOpen && "bg-surface-3 text-fg",
        )}
      >
        <PanelRight className="size-5" aria-hidden />
      </button>
    </header>
  );
}
