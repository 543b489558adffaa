import { Download, FileText } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../../components/ui/Spinner";
import { toastError } from "../../../../lib/errors";
import { saveBlob } from "../../../../lib/files";
import { fetchBlob } from "../api";
import { MediaPlaceholder } from "./MediaPlaceholder";
import "../texts";

/** A file: its name and a download (fetched with the session, saved under its own name). */
export function DocumentMedia({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const title = name || t("ticketChat.kinds.document");
  if (!url) return <MediaPlaceholder icon={FileText} title={title} detail={t("ticketChat.media.unavailable")} />;
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchBlob(url), title);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const extension = /\.([a-z0-9]{1,5})$/i.exec(title)?.[1]?.toUpperCase();
  return (
    <div className="flex w-72 max-w-[62cqw] min-w-0 items-center gap-3 rounded-lg bg-black/5 px-3 py-2.5 dark:bg-white/5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-[#e2574c] text-[10px] font-bold text-white">
        {extension ?? <FileText className="size-5" aria-hidden />}
      </span>
      <span className="min-w-0 flex-1 truncate text-sm font-medium" title={title}>
        {title}
      </span>
      <button
        type="button"
        onClick={download}
        disabled={busy}
        aria-label={t("ticketChat.media.downloadNamed", { name: title })}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted hover:bg-black/10 hover:text-fg disabled:opacity-60 dark:hover:bg-white/10"
      >
        {busy ? <Spinner /> : <Download className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
