import { ArrowDown, ArrowUp, Download, FileUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { createFileListInput, MAX_FILE_LIST_FILE_BYTES, MAX_FILE_LIST_FILES } from "../../../../worker/contracts/fileLists";
import { allowedMediaTypes } from "../../../../worker/contracts/messages";
import { Button } from "../../components/ui/Button";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { downloadFile } from "../../lib/upload";
import { createFileList, fileUrl, updateFileList, uploadFileListFile } from "./api";
import type { FileListRow } from "./types";
import "./texts";

type Entry =
  | { kind: "stored"; key: string; id: number; name: string; description: string; fileName: string }
  | { kind: "new"; key: string; file: File; name: string; description: string; progress: number | null };

/** Add or edit a file list: its name and description, and its files (added, named, captioned, ordered, removed). */
export function FileListDialog({ open, onOpenChange, fileList, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; fileList: FileListRow | null; onSaved: (list: FileListRow) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={fileList ? t("fileLists.dialog.editTitle") : t("fileLists.dialog.addTitle")} size="md" modalLock>
        {open ? <FileListForm fileList={fileList} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

let keys = 0;

function FileListForm({ fileList, onSaved, onClose }: { fileList: FileListRow | null; onSaved: (list: FileListRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<Entry[]>(
    () => fileList?.options.map((o) => ({ kind: "stored" as const, key: `s${o.id}`, id: o.id, name: o.name, description: o.description, fileName: o.fileName })) ?? [],
  );

  const change = (key: string, patch: Partial<Pick<Entry, "name" | "description">>) => setEntries((all) => all.map((e) => (e.key === key ? ({ ...e, ...patch } as Entry) : e)));
  const move = (index: number, by: -1 | 1) =>
    setEntries((all) => {
      const next = [...all];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const pick = (files: FileList | null) => {
    if (!files) return;
    const added: Entry[] = [];
    for (const file of Array.from(files)) {
      const type = file.type.split(";")[0]!.trim().toLowerCase();
      if (!allowedMediaTypes[type]) toast.error(t("fileLists.dialog.badType", { name: file.name }));
      else if (file.size > MAX_FILE_LIST_FILE_BYTES) toast.error(t("fileLists.dialog.tooBig", { name: file.name }));
      else added.push({ kind: "new", key: `n${++keys}`, file, name: file.name, description: "", progress: null });
    }
    setEntries((all) => {
      if (all.length + added.length > MAX_FILE_LIST_FILES) toast.error(t("fileLists.dialog.tooMany", { max: MAX_FILE_LIST_FILES }));
      return [...all, ...added].slice(0, MAX_FILE_LIST_FILES);
    });
    if (picker.current) picker.current.value = "";
  };

  // The name and message are the form's (the API's rules); the files are a queue of uploads beside it.
  const { form, fields, saving } = useContractForm({
    id: `file-list-form-${fileList?.id ?? "new"}`,
    schema: createFileListInput,
    defaultValue: { name: fileList?.name ?? "", message: fileList?.message ?? "" },
    shouldValidate: "onSubmit",
    fields: ["name", "message"],
    messages: { name: { tooShort: "fileLists.dialog.nameShort" } },
    async save({ name, message }) {
      const stored = entries.filter((e): e is Extract<Entry, { kind: "stored" }> => e.kind === "stored");
      let saved = fileList
        ? await updateFileList(fileList.id, { name, message, options: stored.map((e) => ({ id: e.id, name: e.name.trim() || e.fileName, description: e.description.trim() })) })
        : await createFileList({ name, message });
      // New files go up one by one, in the order shown (each lands at the end of the list), with their progress.
      for (const entry of entries) {
        if (entry.kind !== "new") continue;
        const setProgress = (progress: number) => setEntries((all) => all.map((e) => (e.key === entry.key ? ({ ...e, progress } as Entry) : e)));
        setProgress(0);
        saved = await uploadFileListFile(saved.id, entry.file, { name: entry.name.trim(), description: entry.description.trim() }, setProgress);
      }
      onSaved(saved);
      toast.success(t("fileLists.saved"));
      onClose();
    },
  });
  const nameError = fields.name.errors?.[0];
  const messageError = fields.message.errors?.[0];

  return (
    <DialogForm form={form} saving={saving} editing={!!fileList} onCancel={onClose}>
        <Field id={fields.name.id} label={t("fileLists.dialog.name")} error={nameError}>
          <Input id={fields.name.id} name={fields.name.name} key={fields.name.key} defaultValue={fields.name.initialValue} autoFocus invalid={!!nameError} aria-describedby={describedBy(fields.name.id, nameError)} />
        </Field>
        <Field id={fields.message.id} label={t("fileLists.dialog.message")} error={messageError} hint={t("fileLists.dialog.messageHint")}>
          <textarea
            id={fields.message.id}
            name={fields.message.name}
            key={fields.message.key}
            defaultValue={fields.message.initialValue}
            className={textareaClasses}
            rows={2}
            aria-invalid={!!messageError || undefined}
            aria-describedby={describedBy(fields.message.id, messageError, true)}
          />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("fileLists.dialog.files")}</legend>
          {entries.length === 0 ? <p className="text-sm text-muted">{t("fileLists.dialog.noFiles")}</p> : null}
          <ol className="flex flex-col gap-2">
            {entries.map((entry, index) => (
              <li key={entry.key} className="rounded-xl border border-line bg-surface-2 p-2" data-file-entry={entry.kind === "stored" ? entry.fileName : entry.file.name}>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input aria-label={`${t("fileLists.dialog.fileName")} ${index + 1}`} value={entry.name} onChange={(e) => change(entry.key, { name: e.target.value })} className="sm:flex-1" />
                  <Input aria-label={`${t("fileLists.dialog.caption")} ${index + 1}`} placeholder={t("fileLists.dialog.caption")} value={entry.description} onChange={(e) => change(entry.key, { description: e.target.value })} className="sm:flex-1" />
                  <div className="flex shrink-0 justify-end gap-0.5">
                    <Button variant="ghost" size="icon-sm" disabled={index === 0 || saving} onClick={() => move(index, -1)} aria-label={`${t("fileLists.dialog.moveUp")}: ${entry.name}`} title={t("fileLists.dialog.moveUp")}>
                      <ArrowUp className="size-4" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon-sm" disabled={index === entries.length - 1 || saving} onClick={() => move(index, 1)} aria-label={`${t("fileLists.dialog.moveDown")}: ${entry.name}`} title={t("fileLists.dialog.moveDown")}>
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                    {entry.kind === "stored" && fileList ? (
                      <Button variant="ghost" size="icon-sm" onClick={() => downloadFile(fileUrl(fileList.id, entry.id), entry.fileName).catch(toastError)} aria-label={`${t("fileLists.dialog.download")}: ${entry.name}`} title={t("fileLists.dialog.download")}>
                        <Download className="size-4" aria-hidden />
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="icon-sm" disabled={saving} onClick={() => setEntries((all) => all.filter((e) => e.key !== entry.key))} aria-label={`${t("fileLists.dialog.remove")}: ${entry.name}`} title={t("fileLists.dialog.remove")} className="hover:text-danger">
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                </div>
                <p className="mt-1 truncate text-xs text-subtle">{entry.kind === "stored" ? entry.fileName : entry.file.name}</p>
                {entry.kind === "new" && entry.progress !== null ? (
                  <div
                    role="progressbar"
                    aria-label={t("fileLists.dialog.uploading", { name: entry.file.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(entry.progress * 100)}
                    className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-surface-3"
                  >
                    <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(entry.progress * 100)}%` }} />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          <div className="flex flex-col gap-1">
            <input ref={picker} id={`${id}-files`} type="file" multiple className="sr-only" onChange={(e) => pick(e.target.files)} accept={Object.keys(allowedMediaTypes).join(",")} tabIndex={-1} />
            <Button variant="outline" onClick={() => picker.current?.click()} disabled={saving || entries.length >= MAX_FILE_LIST_FILES} className="self-start">
              <FileUp className="size-4" aria-hidden />
              {t("fileLists.dialog.choose")}
            </Button>
            <p className="text-xs text-subtle">{t("fileLists.dialog.chooseHint", { max: MAX_FILE_LIST_FILES })}</p>
          </div>
        </fieldset>
    </DialogForm>
  );
}
