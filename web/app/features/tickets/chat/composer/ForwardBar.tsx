import { Forward, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/ui/Button";
import { useEscape } from "../../../../lib/hooks";
import "../texts";

/** Replaces the composer while choosing messages to forward; Esc leaves the selection. */
export function ForwardBar({ count, onCancel, onForward }: { count: number; onCancel: () => void; onForward: () => void }) {
  const { t } = useTranslation();
  useEscape(onCancel);
  return (
    <div className="flex shrink-0 items-center gap-3 border-t border-line bg-surface-2 px-3 py-2.5" role="toolbar" aria-label={t("ticketChat.forward.bar")}>
      <button
        type="button"
        onClick={onCancel}
        aria-label={t("ticketChat.forward.cancel")}
        className="inline-flex size-9 max-sm:size-11 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
      >
        <X className="size-5" aria-hidden />
      </button>
      <p className="flex-1 text-sm font-medium" aria-live="polite">
        {t("ticketChat.forward.selected", { count })}
      </p>
      <Button onClick={onForward}>
        <Forward className="size-4" aria-hidden />
        {t("ticketChat.forward.submit")}
      </Button>
    </div>
  );
}
