import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";
import { Button } from "../../../components/ui/Button";
import { toastError } from "../../../lib/errors";
import { requestTicketTransfer } from "./api";
import { heldSentence } from "./held";

/**
 * The contact already has a live ticket held elsewhere (ERR_OTHER_OPEN_TICKET): where it is (its queue, and its
 * agent when the caller may see that ticket) and a way out: ask for a transfer. The request goes to the agent who
 * has it, or to the admins, as an internal-chat mention; nobody is named who the caller may not see.
 */
export function HeldTicketNotice({ conflict, contactId, whatsappId }: { conflict: OpenTicketConflict; contactId: number; whatsappId?: number | null }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<"agent" | "admins" | null>(null);
  const [busy, setBusy] = useState(false);
  const where = heldSentence(conflict, t);

  const ask = async () => {
    setBusy(true);
    try {
      setAsked((await requestTicketTransfer({ contactId, whatsappId: whatsappId ?? null })).asked);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="alert" data-testid="held-ticket" className="flex flex-col gap-2.5 rounded-lg border border-warning-fg/30 bg-warning-soft px-3 py-2.5 text-sm text-warning-fg">
      <p>{where}</p>
      {asked ? (
        <p className="font-medium" role="status">
          {t(asked === "agent" ? "tickets.held.askedAgent" : "tickets.held.askedAdmins")}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <Button size="sm" variant="outline" onClick={ask} loading={busy}>
            {t("tickets.held.ask")}
          </Button>
          <span className="text-xs">{t("tickets.held.askHint")}</span>
        </div>
      )}
    </div>
  );
}
