import { Send, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../../components/ui/Spinner";
import { formatDuration } from "../rules/composer";
import "../texts";

/** While recording: a timer, discard and send. */
export function RecorderBar({ seconds, encoding, onCancel, onSend }: { seconds: number; encoding: boolean; onCancel: () => void; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-10 flex-1 items-center gap-3 rounded-3xl bg-surface px-2">
      <button
        type="button"
        onClick={onCancel}
        disabled={encoding}
        aria-label={t("ticketChat.composer.discardRecording")}
        className="inline-flex size-9 max-sm:size-11 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-danger disabled:opacity-50"
      >
        <Trash2 className="size-5" aria-hidden />
      </button>
      <span className="flex flex-1 items-center gap-2 text-sm" role="status">
        {encoding ? (
          <>
            <Spinner />
            {t("ticketChat.composer.encoding")}
          </>
        ) : (
          <>
            <span className="size-2.5 animate-pulse rounded-full bg-danger" aria-hidden />
            <span className="tabular-nums">{formatDuration(seconds)}</span>
            <span className="sr-only">{t("ticketChat.composer.recording")}</span>
          </>
        )}
      </span>
      <button
        type="button"
        onClick={onSend}
        disabled={encoding}
        aria-label={t("ticketChat.composer.sendRecording")}
        className="inline-flex size-10 max-sm:size-11 items-center justify-center rounded-full bg-brand text-brand-fg hover:bg-brand-strong disabled:opacity-60"
      >
        <Send className="size-5" aria-hidden />
      </button>
    </div>
  );
}
