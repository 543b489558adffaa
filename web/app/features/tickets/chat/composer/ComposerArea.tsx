import { Lock, RotateCcw, UserCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import type { TicketActions } from "../rules/ticketActions";
import "../texts";

/** What sits under the messages when the user cannot write: accept, reopen, or who holds the ticket. */
export function ComposerNotice({
  mode,
  ownerName,
  busy,
  onAccept,
  onReopen,
}: {
  mode: Exclude<TicketActions["composer"], "write">;
  ownerName: string | null;
  busy: boolean;
  onAccept: () => void;
  onReopen: () => void;
}) {
  const { t } = useTranslation();
  let text: ReactNode;
  let action: ReactNode = null;
  if (mode === "accept") {
    text = t("ticketChat.composer.pendingNotice");
    action = (
      <Button onClick={onAccept} loading={busy}>
        {!busy ? <UserCheck className="size-4" aria-hidden /> : null}
        {t("ticketChat.actions.accept")}
      </Button>
    );
  } else if (mode === "reopen") {
    text = t("ticketChat.composer.closedNotice");
    action = (
      <Button onClick={onReopen} loading={busy}>
        {!busy ? <RotateCcw className="size-4" aria-hidden /> : null}
        {t("ticketChat.actions.reopen")}
      </Button>
    );
  } else {
    text = ownerName ? t("ticketChat.composer.readOnlyNotice", { name: ownerName }) : t("ticketChat.composer.readOnly");
  }
  return (
    <div className="flex shrink-0 flex-col items-center justify-center gap-3 border-t border-line bg-surface-2 px-4 py-3 text-center sm:flex-row sm:justify-between sm:text-left">
      <p className="flex items-center gap-2 text-sm text-muted">
        {mode === "readOnly" ? <Lock className="size-4 shrink-0" aria-hidden /> : null}
        {text}
      </p>
      {action}
    </div>
  );
}
