import { ExternalLink, FileText, Image, Phone, Reply, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { fillTemplateText } from "../../../../../worker/contracts/whatsappTemplates";
import "../texts";
import type { HeaderKind } from "./schema";

const MEDIA_ICONS = { IMAGE: Image, VIDEO: Video, DOCUMENT: FileText } as const;
const BUTTON_ICONS = { QUICK_REPLY: Reply, URL: ExternalLink, PHONE_NUMBER: Phone } as const;

export interface PreviewParts {
  headerKind: HeaderKind;
  header?: string;
  /** A media header's example file name, when one is picked. */
  headerFileName?: string;
  body: string;
  examples: (string | undefined)[];
  footer?: string;
  buttons: { type?: string; text?: string }[];
}

/** The template as the customer will see it in WhatsApp: a message bubble with the examples in place of {{n}}. */
export function TemplatePreview({ parts }: { parts: PreviewParts }) {
  const { t } = useTranslation();
  const MediaIcon = parts.headerKind in MEDIA_ICONS ? MEDIA_ICONS[parts.headerKind as keyof typeof MEDIA_ICONS] : null;
  const buttons = parts.buttons.filter((b) => b.text?.trim());
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-xs font-medium text-muted">{t("connections.templates.dialog.preview")}</figcaption>
      <div className="rounded-xl bg-[#efeae2] p-3 dark:bg-[#0b141a]">
        <div className="max-w-xs overflow-hidden rounded-lg bg-white text-sm text-[#111b21] shadow-sm dark:bg-[#202c33] dark:text-[#e9edef]" aria-live="polite" data-testid="template-form-preview">
          {MediaIcon ? (
            <div className="flex h-28 flex-col items-center justify-center gap-1 bg-black/5 text-xs text-[#667781] dark:bg-white/5 dark:text-[#8696a0]">
              <MediaIcon className="size-6" aria-hidden />
              <span className="max-w-full truncate px-2">{parts.headerFileName || t(`connections.templates.dialog.headerKind.${parts.headerKind}`)}</span>
            </div>
          ) : null}
          <div className="flex flex-col gap-1 px-2.5 py-2">
            {parts.headerKind === "TEXT" && parts.header ? <p className="font-semibold">{fillTemplateText(parts.header, [])}</p> : null}
            <p className="break-words whitespace-pre-wrap">{fillTemplateText(parts.body, parts.examples) || "…"}</p>
            {parts.footer ? <p className="text-xs text-[#667781] dark:text-[#8696a0]">{parts.footer}</p> : null}
          </div>
          {buttons.map((button, i) => {
            const Icon = BUTTON_ICONS[button.type as keyof typeof BUTTON_ICONS] ?? Reply;
            return (
              <div key={i} className="flex items-center justify-center gap-1.5 border-t border-black/10 py-2 text-[#027eb5] dark:border-white/10 dark:text-[#53bdeb]">
                <Icon className="size-3.5" aria-hidden />
                <span>{button.text}</span>
              </div>
            );
          })}
        </div>
      </div>
    </figure>
  );
}
