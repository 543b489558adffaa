import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent } from "../../../../components/ui/Dialog";
import { EmojiPickerPanel, PickerFallback } from "../composer/EmojiButton";
import "../texts";

/** "More reactions": the full (lazy) emoji picker for one message. */
export function ReactionPickerDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent title={t("ticketChat.menu.moreReactions")} size="sm" className="max-w-[360px]">
        <div className="flex justify-center p-2">
          <Suspense fallback={<PickerFallback />}>
            <EmojiPickerPanel onPick={onPick} width="100%" height={360} />
          </Suspense>
        </div>
      </DialogContent>
    </Dialog>
  );
}
