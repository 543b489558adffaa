import { Clock, FileText, Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { customerWindowClosesAt } from "../../../../../../worker/contracts/customerWindow";
import { Button } from "../../../../components/ui/Button";
import type { ChatTicket } from "../types";
import "../texts";

export type CustomerWindow = { kind: "none" } | { kind: "open"; closesAt: Date; minutesLeft: number } | { kind: "closed" };

/**
 * The ticket's 24-hour customer-service window on a Cloud API connection (ADR 0050), read again every half minute so
 * the time left and the moment it closes show without a reload. WhatsApp Web connections have none.
 */
export function useCustomerWindow(ticket: Pick<ChatTicket, "whatsapp" | "customerWroteAt">): CustomerWindow {
  const closesAt = customerWindowClosesAt(ticket.whatsapp?.channel, ticket.customerWroteAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!closesAt) return;
    // Read the clock now too: the window may have just moved (the customer wrote) since the last tick.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [closesAt?.getTime()]);
  if (!closesAt) return { kind: "none" };
  if (closesAt.getTime() <= now) return { kind: "closed" };
  return { kind: "open", closesAt, minutesLeft: Math.max(1, Math.floor((closesAt.getTime() - now) / 60_000)) };
}

/** Above the composer while the window is open: how long free text may still go. */
export function WindowTimeLeft({ minutesLeft }: { minutesLeft: number }) {
  const { t } = useTranslation();
  const hours = Math.floor(minutesLeft / 60);
  const minutes = minutesLeft % 60;
  return (
    <p className="flex shrink-0 items-center gap-1.5 border-t border-line bg-surface-2 px-4 py-1 text-xs text-muted" data-testid="customer-window">
      <Clock className="size-3.5 shrink-0" aria-hidden />
      {hours > 0 ? t("ticketChat.window.leftHours", { hours, minutes }) : t("ticketChat.window.leftMinutes", { minutes })}
    </p>
  );
}

/** In the composer's place once the window has closed: why free text is locked, and the way on (a template). */
export function WindowClosedNotice({ onTemplate }: { onTemplate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 flex-col items-center justify-center gap-3 border-t border-line bg-surface-2 px-4 py-3 text-center sm:flex-row sm:justify-between sm:text-left" data-testid="customer-window-closed">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Lock className="size-4 shrink-0" aria-hidden />
        {t("ticketChat.window.closed")}
      </p>
      <Button onClick={onTemplate}>
        <FileText className="size-4" aria-hidden />
        {t("ticketChat.window.sendTemplate")}
      </Button>
    </div>
  );
}
