import { ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { useMediaUrl, useNearViewport } from "../hooks/useMediaUrl";
import { MediaPlaceholder } from "./MediaPlaceholder";
import "../texts";

/** A picture (or sticker) in a bubble; a click opens it large. */
export function ImageMedia({
  url,
  name,
  sticker,
  onOpen,
}: {
  url: string | null;
  name: string;
  sticker?: boolean;
  onOpen: (src: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const media = useMediaUrl(url, near);
  if (!url || media.failed) {
    return <MediaPlaceholder icon={ImageIcon} title={name || t("ticketChat.kinds.image")} detail={t("ticketChat.media.unavailable")} />;
  }
  return (
    <div ref={ref} className={sticker ? "size-32" : "w-64 max-w-[60cqw]"}>
      {media.src ? (
        <button
          type="button"
          onClick={() => onOpen(media.src!, name)}
          className="block w-full overflow-hidden rounded-lg"
          aria-label={t("ticketChat.media.openImage", { name: name || t("ticketChat.kinds.image") })}
        >
          <img src={media.src} alt={name} className={sticker ? "size-32 object-contain" : "max-h-80 w-full object-cover"} />
        </button>
      ) : (
        <Skeleton className={sticker ? "size-32 rounded-lg" : "h-48 w-full rounded-lg"} />
      )}
    </div>
  );
}
