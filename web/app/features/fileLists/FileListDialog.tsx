import { ArrowDown, ArrowUp, Download, FileUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { z } from "zod";
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

/**
 * The form: the name and message by the API's rules, and the files in sending order. A stored file is its id (and
 * its file's name, to show); a new one holds its picked file in its own file input, which goes up after saving.
 */
const fileListFormSchema = createFileListInput.extend({
  options: z
    .array(
      z.object({
        id: z.coerce.number().optional(),
        fileName: z.string().optional(),
        name: z.string().optional(),
        description: z.string().optional(),
        token: z.string().optional(),
        file: z.custom<File>((value) => typeof File !== "undefined" && value instanceof File).optional(),
      }),
    )
    .default([]),
});

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

let tokens = 0;

function FileListForm({ fileList, onSaved, onClose }: { fileList: FileListRow | null; onSaved: (list: FileListRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  // Files picked, on their way into their entry's own file input once it is drawn (by the entry's token).
  const picked = useRef(new Map<string, File>());
  // The upload's progress of each new entry while saving (by its place in the list): UI state, not a field.
  const [progress, setProgress] = useState<Record<number, number>>({});

  // The name and message are the form's (the API's rules); the files are its list of entries.
  const { form, fields, saving } = useContractForm({
    id: `file-list-form-${fileList?.id ?? "new"}`,
    schema: fileListFormSchema,
    defaultValue: {
      name: fileList?.name ?? "",
      message: fileList?.message ?? "",
      options: fileList?.options.map((o) => ({ id: String(o.id), fileName: o.fileName, name: o.name, description: o.description })) ?? [],
    },
    shouldValidate: "onSubmit",
    fields: ["name", "message"],
    messages: { name: { tooShort: "fileLists.dialog.nameShort" } },
    async save({ name, message, options }) {
      const text = (value: string | undefined) => (value ?? "").trim();
      const stored = options.flatMap((o) => (o.id !== undefined && !o.file ? [{ id: o.id, name: text(o.name) || (o.fileName ?? ""), description: text(o.description) }] : []));
      let saved = fileList ? await updateFileList(fileList.id, { name, message, options: stored }) : await createFileList({ name, message });
      // New files go up one by one, in the order shown (each lands at the end of the list), with their progress.
      for (const [index, entry] of options.entries()) {
        if (!entry.file) continue;
        const report = (done: number) => setProgress((all) => ({ ...all, [index]: done }));
        report(0);
        saved = await uploadFileListFile(saved.id, entry.file, { name: text(entry.name), description: text(entry.description) }, report);
      }
      onSaved(saved);
      toast.success(t("fileLists.saved"));
      onClose();
    },
  });
  const entries = fields.options.getFieldList();

  const pick = (files: FileList | null) => {
    if (!files) return;
    const added: File[] = [];
    for (const file of Array.from(files)) {
      const type = file.type.split(";")[0]!.trim().toLowerCase();
      if (!allowedMediaTypes[type]) toast.error(t("fileLists.dialog.badType", { name: file.name }));
      else if (file.size > MAX_FILE_LIST_FILE_BYTES) toast.error(t("fileLists.dialog.tooBig", { name: file.name }));
      else added.push(file);
    }
    if (entries.length + added.length > MAX_FILE_LIST_FILES) toast.error(t("fileLists.dialog.tooMany", { max: MAX_FILE_LIST_FILES }));
    for (const file of added.slice(0, Math.max(0, MAX_FILE_LIST_FILES - entries.length))) {
      const token = `n${++tokens}`;
      picked.current.set(token, file);
      // One at a time, drawn before the next: conform reads the list from the form's inputs for each insert.
      flushSync(() => form.insert({ name: fields.options.name, defaultValue: { name: file.name, description: "", token } }));
    }
    if (picker.current) picker.current.value = "";
  };
  // A new entry's file input takes its picked file when drawn; conform reads it from there on.
  const holdPicked = (token: string | undefined) => (input: HTMLInputElement | null) => {
    const file = token ? picked.current.get(token) : undefined;
    if (!input || !file || input.files?.length) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
    picked.current.delete(token!);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

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
            {entries.map((item, index) => {
              const entry = item.getFieldset();
              const token = entry.token.initialValue;
              const storedId = entry.id.initialValue ? Number(entry.id.initialValue) : null;
              const newFile = entry.file.value instanceof File ? entry.file.value : null;
              const fileName = storedId !== null ? (entry.fileName.initialValue ?? "") : (newFile?.name ?? entry.name.initialValue ?? "");
              const shownName = typeof entry.name.value === "string" ? entry.name.value : "";
              const done = progress[index];
              return (
                <li key={item.key} className="rounded-xl border border-line bg-surface-2 p-2" data-file-entry={fileName}>
                  {storedId !== null ? (
                    <>
                      <input type="hidden" name={entry.id.name} value={String(storedId)} />
                      <input type="hidden" name={entry.fileName.name} value={fileName} />
                    </>
                  ) : (
                    <>
                      <input type="hidden" name={entry.token.name} value={token ?? ""} />
                      <input ref={holdPicked(token)} type="file" name={entry.file.name} className="hidden" tabIndex={-1} aria-hidden />
                    </>
                  )}
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Input aria-label={`${t("fileLists.dialog.fileName")} ${index + 1}`} name={entry.name.name} key={entry.name.key} defaultValue={entry.name.initialValue} className="sm:flex-1" />
                    <Input
                      aria-label={`${t("fileLists.dialog.caption")} ${index + 1}`}
                      placeholder={t("fileLists.dialog.caption")}
                      name={entry.description.name}
                      key={entry.description.key}
                      defaultValue={entry.description.initialValue}
                      className="sm:flex-1"
                    />
                    <div className="flex shrink-0 justify-end gap-0.5">
                      <Button variant="ghost" size="icon-sm" disabled={index === 0 || saving} onClick={() => form.reorder({ name: fields.options.name, from: index, to: index - 1 })} aria-label={`${t("fileLists.dialog.moveUp")}: ${shownName}`} title={t("fileLists.dialog.moveUp")}>
                        <ArrowUp className="size-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        disabled={index === entries.length - 1 || saving}
                        onClick={() => form.reorder({ name: fields.options.name, from: index, to: index + 1 })}
                        aria-label={`${t("fileLists.dialog.moveDown")}: ${shownName}`}
                        title={t("fileLists.dialog.moveDown")}
                      >
                        <ArrowDown className="size-4" aria-hidden />
                      </Button>
                      {storedId !== null && fileList ? (
                        <Button variant="ghost" size="icon-sm" onClick={() => downloadFile(fileUrl(fileList.id, storedId), fileName).catch(toastError)} aria-label={`${t("fileLists.dialog.download")}: ${shownName}`} title={t("fileLists.dialog.download")}>
                          <Download className="size-4" aria-hidden />
                        </Button>
                      ) : null}
                      <Button variant="ghost" size="icon-sm" disabled={saving} onClick={() => form.remove({ name: fields.options.name, index })} aria-label={`${t("fileLists.dialog.remove")}: ${shownName}`} title={t("fileLists.dialog.remove")} className="hover:text-danger">
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </div>
                  </div>
                  <p className="mt-1 truncate text-xs text-subtle">{fileName}</p>
                  {storedId === null && done !== undefined ? (
                    <div
                      role="progressbar"
                      aria-label={t("fileLists.dialog.uploading", { name: fileName })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(done * 100)}
                      className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-surface-3"
                    >
                      <div className="h-full bg-brand transition-[width]" style={{ width: `${Math.round(done * 100)}%` }} />
                    </div>
                  ) : null}
                </li>
              );
            })}
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
