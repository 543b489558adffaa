import { FileText, Film, Music, X } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { sendMessageInput } from "../../../../../../worker/contracts/messages";
import { useContractForm } from "../../../../components/form/useContractForm";
import { Button } from "../../../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../../../components/ui/Dialog";
import { describedBy, Input } from "../../../../components/ui/Input";
import { formatBytes } from "../rules/composer";
import "../texts";

function FileThumb({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith("image/") ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  if (url) return <img src={url} alt="" className="size-full object-cover" />;
  const Icon = file.type.startsWith("video/") ? Film : file.type.startsWith("audio/") ? Music : FileText;
  return <Icon className="size-7 text-muted" aria-hidden />;
}

/** The caption is a message's text: the API's rules for a message body. */
const captionFormSchema = z.object({ caption: sendMessageInput.in.shape.body });

interface AttachmentFormProps {
  files: File[];
  initialCaption: string;
  onRemove: (index: number) => void;
  onCancel: () => void;
  onSend: (caption: string) => void;
  sending: boolean;
  progress: number | null;
}

/** Files chosen to send: a preview of each (removable), one caption, and the upload's progress. */
export function AttachmentDialog({
  onClosed,
  ...attachment
}: AttachmentFormProps & {
  /** Where the focus goes when the dialog closes (the composer's text box). */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const { files, sending, onCancel } = attachment;
  const open = files.length > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !sending && onCancel()}>
      <DialogContent
        title={t("ticketChat.attachments.title", { count: files.length })}
        size="md"
        modalLock
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        {open ? <AttachmentForm {...attachment} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AttachmentForm({ files, initialCaption, onRemove, onCancel, onSend, sending, progress }: AttachmentFormProps) {
  const { t } = useTranslation();
  const { form, fields } = useContractForm({
    id: "attachment-form",
    schema: captionFormSchema,
    defaultValue: { caption: initialCaption },
    fields: ["caption"],
    shouldValidate: "onSubmit",
    save: ({ caption }) => onSend(caption),
  });
  const caption = fields.caption;
  const error = caption.errors?.[0];
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="relative overflow-hidden rounded-xl border border-line bg-surface-2">
              <div className="flex aspect-square items-center justify-center overflow-hidden bg-surface-3">
                <FileThumb file={file} />
              </div>
              <div className="px-2 py-1.5">
                <p className="truncate text-xs font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="text-[11px] text-subtle">{formatBytes(file.size)}</p>
              </div>
              {!sending ? (
                <button
                  type="button"
                  onClick={() => onRemove(index)}
                  aria-label={t("ticketChat.attachments.remove", {
                    name: file.name,
                  })}
                  className="absolute top-1.5 right-1.5 inline-flex size-7 max-sm:size-11 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/70"
                >
                  <X className="size-4" aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="space-y-1">
          <Input
            id={caption.id}
            name={caption.name}
            key={caption.key}
            defaultValue={caption.initialValue}
            placeholder={t("ticketChat.attachments.caption")}
            aria-label={t("ticketChat.attachments.caption")}
            disabled={sending}
            autoFocus
            invalid={!!error}
            aria-describedby={describedBy(caption.id, error)}
          />
          {error ? (
            <p id={`${caption.id}-error`} role="alert" className="text-xs font-medium text-danger">
              {error}
            </p>
          ) : null}
        </div>
        {progress !== null ? (
          <div className="space-y-1">
            <div
              className="h-1.5 overflow-hidden rounded-full bg-surface-3"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              aria-label={t("ticketChat.attachments.uploading")}
            >
              <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
            <p className="text-xs text-muted">
              {t("ticketChat.attachments.progress", {
                percent: Math.round(progress * 100),
              })}
            </p>
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" loading={sending}>
          {t("ticketChat.composer.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}
