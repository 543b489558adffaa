import { MessageSquareOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button";
import { cn } from "../../../components/ui/cn";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../components/ui/Dialog";
import { EmptyState } from "../../../components/ui/EmptyState";
import { Skeleton } from "../../../components/ui/Spinner";
import { toastError } from "../../../lib/errors";
import { useSessionUser } from "../../../lib/session-user";
import { listMessages } from "../shared/api";
import type { ListTicket, PreviewMessage } from "../shared/types";
import { formatDateTime } from "../../../lib/dates";

/**
 * Ticket preview (spec 000 section 2, dialogs): the newest messages of a waiting ticket, read-only, so an
 * agent can decide before accepting. Only offered for pending tickets: the owner reading a chat clears its
 * unread badge, and a pending ticket has no owner.
 */
export function PreviewDialog({
  ticket,
  onOpenChange,
  onAccept,
  accepting,
}: {
  ticket: ListTicket | null;
  onOpenChange: (open: boolean) => void;
  onAccept: (ticket: ListTicket) => void;
  accepting: boolean;
}) {
  const { t } = useTranslation();
  const name = ticket?.contact?.name ?? "";
  return (
    <Dialog open={!!ticket} onOpenChange={onOpenChange}>
      <DialogContent title={t("tickets.preview.title", { name })} description={t("tickets.preview.readOnly")} size="md">
        {ticket ? <PreviewMessages ticketId={ticket.id} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.close")}
          </Button>
          {ticket && ticket.status === "pending" ? (
            <Button onClick={() => onAccept(ticket)} loading={accepting}>
              {t("tickets.row.accept")}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreviewMessages({ ticketId }: { ticketId: number }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSessionUser().company.timezone || "America/Sao_Paulo";
  const [messages, setMessages] = useState<PreviewMessage[] | null>(null);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    listMessages(ticketId, controller.signal)
      .then((page) => {
        setMessages(page.messages);
        setHasMore(page.hasMore);
      })
      .catch((err) => {
        setMessages([]);
        toastError(err);
      });
    return () => controller.abort();
  }, [ticketId]);

  if (!messages) {
    return (
      <DialogBody className="space-y-3 bg-surface-2">
        {["w-3/5", "ml-auto w-2/5", "w-4/6", "ml-auto w-1/2"].map((w) => (
          <Skeleton key={w} className={cn("h-10", w)} />
        ))}
      </DialogBody>
    );
  }
  if (messages.length === 0) {
    return (
      <DialogBody>
        <EmptyState icon={MessageSquareOff} title={t("tickets.preview.empty")} className="py-8" />
      </DialogBody>
    );
  }
  return (
    <DialogBody className="max-h-[60vh] space-y-2 bg-surface-2">
      {hasMore ? <p className="pb-1 text-center text-xs text-subtle">{t("tickets.preview.olderHidden")}</p> : null}
      <ol className="space-y-2" aria-label={t("tickets.row.preview")}>
        {messages.map((m) => (
          <li key={m.id} className={cn("flex", m.fromMe ? "justify-end" : "justify-start")}>
            <div
              className={cn(
                "max-w-[85%] rounded-xl px-3 py-2 text-sm shadow-sm",
                m.fromMe ? "rounded-tr-sm bg-[#d9fdd3] text-[#111b21] dark:bg-[#005c4b] dark:text-[#e9edef]" : "rounded-tl-sm bg-surface text-fg",
              )}
            >
              <p className="break-words whitespace-pre-wrap">
                {m.isDeleted ? (
                  <span className="italic text-subtle">{t("tickets.preview.deleted")}</span>
                ) : m.body ? (
                  m.body
                ) : (
                  <span className="italic">{t("tickets.preview.media", { type: m.mediaType })}</span>
                )}
              </p>
              <p className="mt-0.5 text-right text-[10px] opacity-70">{formatDateTime(m.createdAt, i18n.language, timeZone)}</p>
            </div>
          </li>
        ))}
      </ol>
    </DialogBody>
  );
}
