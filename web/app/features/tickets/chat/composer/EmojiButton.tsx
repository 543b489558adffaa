import { Smile } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Popover, PopoverContent, PopoverTrigger } from "../../../../components/ui/Popover";
import { Spinner } from "../../../../components/ui/Spinner";
import "../texts";

export const EmojiPickerPanel = lazy(() => import("./EmojiPickerPanel"));

export function PickerFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex h-[380px] w-[320px] max-w-full items-center justify-center text-muted">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/** The composer's emoji button: a popover with the (lazy) picker; each pick goes into the text. */
export function EmojiButton({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        disabled={disabled}
        aria-label={t("ticketChat.composer.emoji")}
        className="inline-flex size-10 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg disabled:opacity-50"
      >
        <Smile className="size-5" aria-hidden />
      </PopoverTrigger>
      <PopoverContent side="top" align="start" className="overflow-hidden p-0">
        <Suspense fallback={<PickerFallback />}>
          <EmojiPickerPanel onPick={onPick} width="min(320px, calc(100vw - 24px))" />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
