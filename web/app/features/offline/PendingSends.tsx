import { AlertCircle, Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "./useOnline";
import type { PendingSend } from "./outbox";

/**
 * The chat's sends that the server has not confirmed (issue 29), below its messages: each with a clock and what
 * happens next, or the server's refusal and a way to discard it (the text stays readable to be copied).
 */
export function PendingSends({ items, onDiscard }: { items: PendingSend[]; onDiscard: (clientId: string) => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (items.length === 0) return null;
  return (
    <ol className="max-h-[40%] shrink-0 space-y-1 overflow-y-auto bg-bg px-3 py-1 @2xl:px-[6%]" aria-label={t("offline.pending")} data-testid="pending-sends">
      {items.map((item) => (
        <li key={item.clientId} className="flex justify-end" data-pending-client-id={item.clientId} data-state={item.failed ? "failed" : "pending"}>
          <div className="max-w-[85%] min-w-0 rounded-lg rounded-tr-none bg-[#d9fdd3] px-2.5 pt-1.5 pb-1 text-fg opacity-90 shadow-sm dark:bg-[#005c4b] dark:[--subtle:#c2d6d0]">
            <p className="text-sm break-words whitespace-pre-wrap">{item.body}</p>
            {item.failed ? (
              <p className="mt-0.5 flex flex-wrap items-center justify-end gap-x-2 text-xs text-danger">
                <AlertCircle className="size-3.5 shrink-0" aria-hidden />
                <span>{t("offline.failed", { reason: item.failed })}</span>
                <button type="button" onClick={() => onDiscard(item.clientId)} className="min-h-11 rounded px-2 font-medium underline sm:min-h-0">
                  {t("offline.discard")}
                </button>
              </p>
            ) : (
              <p className="mt-0.5 flex items-center justify-end gap-1 text-xs text-subtle">
                <Clock className="size-3.5 shrink-0" aria-hidden />
                <span>{online ? t("offline.sending") : t("offline.pending")}</span>
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
