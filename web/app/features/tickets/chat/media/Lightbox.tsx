import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Download, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import "../texts";

/** A picture shown large over the chat, with download and close. */
export function Lightbox({ image, onClose }: { image: { src: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={!!image} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/85 animate-fade-in" />
        <DialogPrimitive.Content aria-describedby={undefined} className="fixed inset-0 z-50 flex flex-col focus:outline-none">
          <div className="flex items-center justify-between gap-3 px-4 py-3 text-white">
            <DialogPrimitive.Title className="truncate text-sm font-medium">{image?.name || t("ticketChat.kinds.image")}</DialogPrimitive.Title>
            <div className="flex gap-1">
              {image ? (
                <a
                  href={image.src}
                  download={image.name || "image"}
                  aria-label={t("ticketChat.media.download")}
                  className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10"
                >
                  <Download className="size-5" aria-hidden />
                </a>
              ) : null}
              <DialogPrimitive.Close aria-label={t("common.close")} className="inline-flex size-10 items-center justify-center rounded-full hover:bg-white/10">
                <X className="size-5" aria-hidden />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center p-4" onClick={onClose}>
            {image ? <img src={image.src} alt={image.name} className="max-h-full max-w-full rounded object-contain" onClick={(e) => e.stopPropagation()} /> : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
