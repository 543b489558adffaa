import { Megaphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPopover } from "../../components/shell/HeaderPopovers";
import { cn } from "../../components/ui/cn";
import type { ActiveAnnouncement } from "./api";
import { lazyWhenOpen } from "../../lib/lazyWhenOpen";
import { priorityTone } from "./priority";
import { announcementStore, useAnnouncements, useAnnouncementsRunning } from "./store";
import "./texts";

// The viewer (a dialog, its primitives and the company clock) loads when an announcement is first opened.
const AnnouncementViewer = lazyWhenOpen(
  () => import("./AnnouncementViewer").then((m) => m.AnnouncementViewer),
  (props) => props.announcement !== null,
);

/**
 * A high-priority announcement opens by itself once for each user (issue 31): only while this user has not read it,
 * and showing it reads it (the server's receipt), so the next page, tab or device does not open it again. At most
 * one per page load.
 */
let openedThisLoad = false;

/**
 * The top bar's announcements popover: the active ones for the user's company, high priority first, with the
 * count of those this user has not read; choosing one opens the viewer (and reads it).
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  useAnnouncementsRunning();
  const { ready, records } = useAnnouncements();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<ActiveAnnouncement | null>(null);
  const unread = records.filter((r) => !r.read).length;
  const first = useRef(true);

  useEffect(() => {
    if (!ready || !first.current) return;
    first.current = false;
    if (openedThisLoad) return;
    const urgent = records.find((r) => r.priority === 1 && !r.read && !r.dismissed);
    if (urgent) {
      openedThisLoad = true;
      setViewing(urgent);
      announcementStore.read(urgent.id);
    }
  }, [ready, records]);

  const show = (a: ActiveAnnouncement) => {
    setOpen(false);
    setViewing(a);
    if (!a.read) announcementStore.read(a.id);
  };

  return (
    <>
      <ListPopover icon={Megaphone} label={t("shell.announcements")} emptyTitle={t("shell.noAnnouncements")} count={unread} open={open} onOpenChange={setOpen}>
        {records.length ? (
          <ul aria-label={t("shell.announcements")}>
            {records.map((a) => (
              <li key={a.id}>
                <button type="button" onClick={() => show(a)} className="flex w-full items-start gap-3 px-4 py-2.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none">
                  <span className={cn("mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-[10px] font-bold uppercase", priorityTone[a.priority])}>
                    {t(`announcements.priority.${a.priority}`)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={cn("block truncate text-sm", a.read ? "font-medium" : "font-semibold")}>{a.title}</span>
                    <span className="block truncate text-xs text-muted">{a.text}</span>
                  </span>
                  {!a.read ? <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" /> : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </ListPopover>
      <AnnouncementViewer
        announcement={viewing ? (records.find((r) => r.id === viewing.id) ?? viewing) : null}
        onClose={() => setViewing(null)}
        onDismiss={(id) => {
          announcementStore.dismiss(id);
          setViewing(null);
        }}
      />
    </>
  );
}
