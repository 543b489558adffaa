import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../../lib/toast";
import { compressImage } from "../media/compressImage";
import { MAX_FILES, tooLarge } from "../rules/composer";
import "../texts";

/** Files waiting in the preview: images compressed at 0.7, anything over 16 MB refused with a toast. */
export function useAttachments() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [preparing, setPreparing] = useState(false);

  const add = useCallback(
    async (chosen: File[]) => {
      if (chosen.length === 0) return;
      setPreparing(true);
      try {
        const ready: File[] = [];
        for (const file of chosen) {
          const prepared = await compressImage(file);
          if (tooLarge(prepared)) toast.error(t("ticketChat.attachments.tooLarge", { name: file.name }));
          else ready.push(prepared);
        }
        setFiles((current) => {
          const next = [...current, ...ready];
          if (next.length > MAX_FILES) toast.error(t("ticketChat.attachments.tooMany", { max: MAX_FILES }));
          return next.slice(0, MAX_FILES);
        });
      } finally {
        setPreparing(false);
      }
    },
    [t],
  );

  const remove = useCallback((index: number) => setFiles((current) => current.filter((_, i) => i !== index)), []);
  const clear = useCallback(() => setFiles([]), []);
  return { files, preparing, add, remove, clear };
}
