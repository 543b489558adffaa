import { useNavigate } from "@remix-run/react";
import { AtSign, Bell, KeyRound, Webhook, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notification } from "../../../../worker/contracts/notifications";
import { ListPopover } from "../../components/shell/HeaderPopovers";
import { FormattedPreview } from "../tickets/shared/Formatted";
import { useNotifications } from "./store";
import "./texts";

/** The top bar's bell: what waits for the user, newest first; choosing an item opens it. */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { count, records } = useNotifications();
  const [open, setOpen] = useState(false);
  const go = (item: Notification) => {
    setOpen(false);
    navigate(item.kind === "ticket" ? `/tickets/${item.ticket.uuid}` : item.kind === "mention" ? `/chats/${item.mention.chat.uuid}` : item.kind === "webhook" ? "/webhooks" : "/connections");
  };
  const keyOf = (item: Notification) =>
    item.kind === "ticket" ? `t${item.ticket.id}` : item.kind === "mention" ? `m${item.mention.messageId}` : item.kind === "webhook" ? `h${item.subscription.id}` : `w${item.whatsapp.id}`;
  return (
    <ListPopover icon={Bell} label={t("shell.notifications")} emptyTitle={t("shell.noNotifications")} count={count} open={open} onOpenChange={setOpen}>
      {records.length ? (
        <ul aria-label={t("shell.notifications")}>
          {records.map((item) => (
            <li key={keyOf(item)}>
              <button type="button" onClick={() => go(item)} className="flex w-full items-start gap-3 px-4 py-2.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none">
                {item.kind === "ticket" ? (
                  <>
                    {item.ticket.contact.profilePicUrl ? (
                      <img src={item.ticket.contact.profilePicUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
                    ) : (
                      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-3 text-xs font-semibold">
                        {item.ticket.contact.name.slice(0, 1).toUpperCase()}
                      </span>
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold">{item.ticket.contact.name}</span>
                      <span className="block truncate text-xs text-muted" data-testid="notification-preview">
                        {item.ticket.lastMessage ? <FormattedPreview text={item.ticket.lastMessage} /> : "—"}
                      </span>
                      <span className="mt-0.5 block text-[11px] font-medium text-brand-text">
                        {item.reason === "pending" ? t("notifications.pending") : t("notifications.unread", { count: item.ticket.unreadMessages })}
                      </span>
                    </span>
                  </>
                ) : item.kind === "webhook" ? (
                  <AlertItem icon={Webhook} title={item.subscription.url} text={t("notifications.webhookPaused")} />
                ) : item.kind === "connection" ? (
                  <AlertItem icon={KeyRound} title={item.whatsapp.name} text={t("notifications.tokenExpired")} />
                ) : (
                  <>
                    <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-text">
                      <AtSign className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold">
                        {t("notifications.mention", { sender: item.mention.sender, chat: item.mention.chat.title || t("notifications.directChat") })}
                      </span>
                      <span className="block truncate text-xs text-muted">
                        <FormattedPreview text={item.mention.message} />
                      </span>
                    </span>
                  </>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </ListPopover>
  );
}

/** Something an admin must put right (a connection's token, a paused webhook): what, and what to do. */
function AlertItem({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <>
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{title}</span>
        <span className="block text-xs text-muted">{text}</span>
      </span>
    </>
  );
}
