import { ExternalLink, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { parseLocation } from "../rules/location";
import "../texts";

/** A shared location: its map picture when the message carries one, the description and a link to the map. */
export function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const location = parseLocation(body);
  return (
    <div className="w-64 max-w-[62cqw] overflow-hidden rounded-lg bg-black/5 dark:bg-white/5">
      {location.image ? (
        <img src={location.image} alt="" className="h-32 w-full object-cover" />
      ) : (
        <div className="flex h-24 items-center justify-center bg-[linear-gradient(135deg,#d7eadf,#c9dcef)] text-[#1f7a5a] dark:bg-[linear-gradient(135deg,#1d3a31,#1c2f45)] dark:text-[#7fd1b0]">
          <MapPin className="size-8" aria-hidden />
        </div>
      )}
      <div className="space-y-1 px-3 py-2">
        <p className="text-sm font-medium break-words">{location.description || t("ticketChat.kinds.location")}</p>
        {location.link ? (
          <a
            href={location.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-xs font-medium text-brand-text hover:underline"
          >
            <ExternalLink className="size-3.5" aria-hidden />
            {t("ticketChat.media.openMap")}
          </a>
        ) : null}
      </div>
    </div>
  );
}
