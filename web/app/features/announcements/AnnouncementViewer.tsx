import { Paperclip } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { cn } from "../../components/ui/cn";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { ZoneNote } from "../../components/ui/ZoneNote";
import type { ActiveAnnouncement } from "./api";
import { priorityTone } from "./priority";

const IMAGE = /\.(png|jpe?g|gif|webp)$/i;

/** The announcement viewer (spec 000's dialog): title, text and attachment; a high-priority one offers dismissing. */
export function AnnouncementViewer({
  announcement,
  onClose,
  onDismiss,
}: {
  announcement: ActiveAnnouncement | null;
  onClose: () => void;
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation();
  const clock = useCompanyTime();
  const a = announcement;
  return (
    <Dialog open={!!a} onOpenChange={(open) => !open && onClose()}>
      {a ? (
        <DialogContent title={a.title} size="md">
          <DialogBody className="space-y-3">
            <p className="flex flex-wrap items-center gap-2 text-xs">
              <span className={cn("rounded-full px-2 py-0.5 font-semibold", priorityTone[a.priority])}>{t(`announcements.priority.${a.priority}`)}</span>
              <span className="text-muted">{clock.dateTime(a.createdAt)}</span>
              {a.endDate ? <span className="text-muted">{t("announcements.until", { date: clock.dateTime(a.endDate) })}</span> : null}
            </p>
            <ZoneNote />
            <p className="whitespace-pre-wrap text-sm leading-relaxed">{a.text}</p>
            {a.mediaUrl ? (
              IMAGE.test(a.mediaName ?? "") ? (
                <img src={a.mediaUrl} alt={a.mediaName ?? ""} className="max-h-80 rounded-lg border border-line" />
              ) : (
                <a href={a.mediaUrl} download={a.mediaName ?? undefined} className="inline-flex items-center gap-2 text-sm font-medium text-brand-text hover:underline">
                  <Paperclip className="size-4" aria-hidden />
                  {a.mediaName ?? t("announcements.openFile")}
                </a>
              )
            ) : null}
          </DialogBody>
          <DialogFooter>
            {a.priority === 1 && !a.dismissed ? (
              <Button variant="ghost" onClick={() => onDismiss(a.id)}>
                {t("announcements.dismiss")}
              </Button>
            ) : null}
            <Button onClick={onClose}>{t("announcements.close")}</Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
