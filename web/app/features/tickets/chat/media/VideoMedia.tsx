import { Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { useMediaUrl, useNearViewport } from "../hooks/useMediaUrl";
import { MediaPlaceholder } from "./MediaPlaceholder";
import "../texts";

export function VideoMedia({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const media = useMediaUrl(url, near);
  if (!url || media.failed) {
    return <MediaPlaceholder icon={Video} title={name || t("ticketChat.kinds.video")} detail={t("ticketChat.media.unavailable")} />;
  }
  return (
    <div ref={ref} className="w-72 max-w-[62cqw]">
      {media.src ? (
        <video src={media.src} controls preload="metadata" className="max-h-80 w-full rounded-lg bg-black" aria-label={name} />
      ) : (
        <Skeleton className="h-44 w-full rounded-lg" />
      )}
    </div>
  );
}
