import { CircleHelp, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton } from "../../components/ui/Spinner";
import { api } from "../../lib/api";
import { toastError } from "../../lib/errors";
import "./texts";

interface Help {
  id: number;
  title: string;
  description: string;
  video: string;
}

/** YouTube's privacy-enhanced player and its thumbnails, by video id (the API stores ids only). */
const embedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
const thumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;

/** /helps (spec 000/001): the help videos as a grid of cards; a card opens the player, Escape closes it. */
export function HelpsPage() {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [playing, setPlaying] = useState<Help | null>(null);

  useEffect(() => {
    api<Help[]>("/helps")
      .then(setHelps)
      .catch((err) => {
        setHelps([]);
        toastError(err);
      });
  }, []);

  return (
    <PageFrame>
      <PageHeader title={t("helps.title")} count={helps ? helps.length : undefined} />
      {helps && helps.length === 0 ? (
        <Card>
          <EmptyState icon={CircleHelp} title={t("helps.empty")} description={t("helps.emptyHint")} />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {!helps
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={i} aria-hidden>
                  <Skeleton className="aspect-video w-full rounded-2xl" />
                </li>
              ))
            : helps.map((h) => (
                <li key={h.id}>
                  <button
                    type="button"
                    onClick={() => setPlaying(h)}
                    aria-label={t("helps.play", { title: h.title })}
                    className="group flex h-full w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface text-left shadow-panel transition hover:border-brand focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
                    data-help={h.title}
                  >
                    <span className="relative block aspect-video w-full bg-surface-3">
                      <img
                        src={thumbnailUrl(h.video)}
                        alt=""
                        loading="lazy"
                        className="size-full object-cover"
                        referrerPolicy="no-referrer"
                        // Offline or blocked: the card's own background, not a broken image.
                        onError={(e) => (e.currentTarget.style.visibility = "hidden")}
                      />
                      <span className="absolute inset-0 flex items-center justify-center bg-black/10 transition group-hover:bg-black/25">
                        <span className="flex size-12 items-center justify-center rounded-full bg-black/70 text-white">
                          <Play className="size-6 translate-x-0.5" aria-hidden />
                        </span>
                      </span>
                    </span>
                    <span className="flex flex-1 flex-col gap-1 p-4">
                      <span className="font-semibold">{h.title}</span>
                      {h.description ? <span className="line-clamp-3 text-sm text-muted">{h.description}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
        </ul>
      )}
      <Dialog open={!!playing} onOpenChange={(open) => !open && setPlaying(null)}>
        <DialogContent title={playing?.title ?? ""} size="lg" className="sm:max-w-4xl">
          {playing ? (
            <div className="aspect-video w-full overflow-hidden rounded-b-2xl bg-black">
              {/* Mounted only while the dialog is open: nothing of YouTube loads until a video is chosen. */}
              <iframe
                src={embedUrl(playing.video)}
                title={t("helps.player", { title: playing.title })}
                className="size-full"
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </PageFrame>
  );
}
