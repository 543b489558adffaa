import { Ban } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AudioPlayer } from "../media/AudioPlayer";
import { ContactCard } from "../media/ContactCard";
import { DocumentMedia } from "../media/DocumentMedia";
import { ImageMedia } from "../media/ImageMedia";
import { LocationCard } from "../media/LocationCard";
import { VideoMedia } from "../media/VideoMedia";
import { captionOf, messageKind } from "../rules/messages";
import type { ChatMessage } from "../types";
import { FormattedText } from "./FormattedText";
import "../texts";

/** The body of a bubble by media type; media keeps its caption underneath. */
export function MessageContent({ message, onOpenImage }: { message: ChatMessage; onOpenImage: (src: string, name: string) => void }) {
  const { t } = useTranslation();
  const kind = messageKind(message);
  const name = message.mediaName || (kind === "text" ? "" : message.body);
  const caption = captionOf(message);
  switch (kind) {
    case "deleted":
      return (
        <p className="flex items-center gap-1.5 text-sm text-muted italic">
          <Ban className="size-4" aria-hidden />
          {t("ticketChat.message.deleted")}
        </p>
      );
    case "location":
      return <LocationCard body={message.body} />;
    case "contact":
      return <ContactCard body={message.body} />;
    case "text":
      return <FormattedText text={message.body} />;
    default: {
      const media =
        kind === "image" || kind === "sticker" ? (
          <ImageMedia url={message.mediaUrl} name={name} sticker={kind === "sticker"} onOpen={onOpenImage} />
        ) : kind === "audio" ? (
          <AudioPlayer url={message.mediaUrl} name={name} />
        ) : kind === "video" ? (
          <VideoMedia url={message.mediaUrl} name={name} />
        ) : (
          <DocumentMedia url={message.mediaUrl} name={name} />
        );
      return (
        <div className="space-y-1.5">
          {media}
          {caption && !(kind === "audio" && !message.mediaUrl) ? <FormattedText text={caption} /> : null}
        </div>
      );
    }
  }
}
