import { Mic } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { useMediaUrl, useNearViewport } from "../hooks/useMediaUrl";
import { nextPlaybackRate, playbackRateLabel, readPlaybackRate, savePlaybackRate } from "../rules/playbackRate";
import { MediaPlaceholder } from "./MediaPlaceholder";
import "../texts";

/** A voice note or audio file with the native controls and a playback-rate button (0.5 → 1 → 1.5 → 2, remembered). */
export function AudioPlayer({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const media = useMediaUrl(url, near);
  const audio = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(1);

  useEffect(() => setRate(readPlaybackRate()), []);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, media.src]);

  if (!url || media.failed) {
    return <MediaPlaceholder icon={Mic} title={name || t("ticketChat.kinds.audio")} detail={t("ticketChat.media.unavailable")} />;
  }
  const cycle = () => {
    const next = nextPlaybackRate(rate);
    savePlaybackRate(next);
    setRate(next);
  };
  return (
    <div ref={ref} className="flex w-72 max-w-[62cqw] items-center gap-2">
      {media.src ? (
        <audio ref={audio} src={media.src} controls preload="metadata" className="h-10 min-w-0 flex-1" onLoadedMetadata={(e) => (e.currentTarget.playbackRate = rate)} />
      ) : (
        <Skeleton className="h-10 min-w-0 flex-1 rounded-full" />
      )}
      <button
        type="button"
        onClick={cycle}
        aria-label={t("ticketChat.media.playbackRate", { rate: playbackRateLabel(rate) })}
        className="h-7 min-w-11 shrink-0 rounded-full bg-black/10 px-2 text-xs font-semibold tabular-nums hover:bg-black/15 dark:bg-white/10 dark:hover:bg-white/15"
      >
        {playbackRateLabel(rate)}
      </button>
    </div>
  );
}
