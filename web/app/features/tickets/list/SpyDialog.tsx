import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogFooter } from "../../../components/ui/Dialog";
import { buttonClasses } from "../../../components/ui/Button";
import { useSessionUser } from "../../../lib/session-user";
import { useMessages } from "../chat/hooks/useMessages";
import { useTicketHistory } from "../chat/hooks/useTicketHistory";
import type { MessageMenuActions } from "../chat/messages/MessageMenu";
import { MessageList } from "../chat/messages/MessageList";
import type { ListTicket } from "../shared/types";

const noop = () => undefined;
/** Watching offers nothing to do with a message. */
const readOnly: MessageMenuActions = {
  canAnswer: false,
  canForward: false,
  canEdit: false,
  canDelete: false,
  canRetry: false,
  canSendTemplate: false,
  onReply: noop,
  onReact: noop,
  onMoreReactions: noop,
  onForward: noop,
  onEdit: noop,
  onDelete: noop,
  onRetry: noop,
  onSendTemplate: noop,
};
const nothingSelected = new Set<number>();

/**
 * Spy on a conversation (spec 000 sections 2 and 6, admins): a colleague's chat, live and read-only, without
 * taking it over or reading it for them (the unread count stays the owner's).
 */
export function SpyDialog({ ticket, onOpenChange }: { ticket: ListTicket | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!ticket} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("tickets.spy.title", { name: ticket?.contact?.name ?? "" })}
        description={t("tickets.spy.description", { agent: ticket?.user?.name ?? "—" })}
        size="lg"
      >
        {ticket ? <SpyConversation ticket={ticket} /> : null}
        <DialogFooter>
          {ticket ? (
            <Link to={`/tickets/${ticket.uuid}`} onClick={() => onOpenChange(false)} className={buttonClasses("outline")}>
              {t("tickets.spy.open")}
            </Link>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SpyConversation({ ticket }: { ticket: ListTicket }) {
  const user = useSessionUser();
  const list = useMessages(ticket.id);
  const history = useTicketHistory(ticket);
  return (
    <div className="@container flex h-[60dvh] min-h-0 flex-col">
      <MessageList
        conversation={list}
        timeZone={user.company.timezone || "America/Sao_Paulo"}
        myUserId={user.id}
        isGroup={ticket.isGroup}
        contactName={ticket.contact?.name ?? ""}
        actionsFor={() => readOnly}
        selecting={false}
        selected={nothingSelected}
        selectable={() => false}
        onToggleSelect={noop}
        onOpenImage={noop}
        events={history?.entries ?? null}
      />
    </div>
  );
}
