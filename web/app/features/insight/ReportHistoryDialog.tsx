import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { HistorySection } from "../tickets/chat/drawer/HistorySection";
import { useTicketHistory } from "../tickets/chat/hooks/useTicketHistory";
import type { ReportRow } from "./api";
import "./texts";
import { formatPhone } from "../../lib/phone";

/** A report row's ticket history (accepted, transferred, resolved, rated…), as the chat's drawer tells it. */
export function ReportHistoryDialog({ row, timeZone, onClose }: { row: ReportRow | null; timeZone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={row !== null} onOpenChange={(open) => open || onClose()}>
      {row ? (
        <DialogContent title={t("insight.reports.historyOf", { id: row.ticketId })} description={`${row.contact.name} · ${formatPhone(row.contact.number)}`}>
          <DialogBody className="pl-8">
            <TicketHistory row={row} timeZone={timeZone ?? "America/Sao_Paulo"} />
          </DialogBody>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TicketHistory({ row, timeZone }: { row: ReportRow; timeZone: string }) {
  // The history is read once per opening: a report is a look back, not a live view.
  const history = useTicketHistory({ id: row.ticketId, status: row.status, userId: null, queueId: null });
  return <HistorySection history={history} timeZone={timeZone} />;
}
