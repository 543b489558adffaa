import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Switch } from "../../components/ui/Switch";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { createAnnouncement, listCompanies, removeAnnouncementMedia, updateAnnouncement, uploadAnnouncementMedia, type AnnouncementView, type DeliveryView } from "./api";

/** A datetime-local value (the browser's local time) from an ISO instant, and back. */
const toLocal = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : "");
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);

/** Creates or edits an announcement (super users): title and text required, priority, status, end date, companies, a file. */
export function AnnouncementDialog({
  open,
  onOpenChange,
  announcement,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  announcement: AnnouncementView | null;
  onSaved: (a: AnnouncementView, delivery: DeliveryView | null) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [priority, setPriority] = useState<1 | 2 | 3>(3);
  const [status, setStatus] = useState(true);
  const [endDate, setEndDate] = useState("");
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [companies, setCompanies] = useState<{ id: number; name: string }[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(announcement?.title ?? "");
    setText(announcement?.text ?? "");
    setPriority(announcement?.priority ?? 3);
    setStatus(announcement?.status ?? true);
    setEndDate(toLocal(announcement?.endDate ?? null));
    setChosen(announcement?.companyIds ?? null);
    setFile(null);
    setRemoveFile(false);
    setErrors({});
    void listCompanies().then(setCompanies).catch(() => undefined);
  }, [open, announcement]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = t("announcements.dialog.required");
    if (!text.trim()) next.text = t("announcements.dialog.required");
    if (chosen && chosen.length === 0) next.companies = t("announcements.dialog.companiesRequired");
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const input = { title: title.trim(), text: text.trim(), priority, status, endDate: fromLocal(endDate), companyIds: chosen };
      const saved = announcement ? await updateAnnouncement(announcement.id, input) : await createAnnouncement(input);
      let view: AnnouncementView = saved;
      if (file) view = await uploadAnnouncementMedia(saved.id, file);
      else if (removeFile && announcement?.mediaUrl) view = await removeAnnouncementMedia(saved.id);
      toast.success(t("announcements.saved"));
      onSaved(view, saved.delivery);
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={announcement ? t("announcements.dialog.editTitle") : t("announcements.dialog.createTitle")} modalLock size="lg">
        <form onSubmit={submit} noValidate>
          <DialogBody className="space-y-4">
            <Field id="ann-title" label={t("announcements.dialog.title")} error={errors.title}>
              <Input id="ann-title" value={title} onChange={(e) => setTitle(e.target.value)} invalid={!!errors.title} maxLength={200} />
            </Field>
            <Field id="ann-text" label={t("announcements.dialog.text")} error={errors.text}>
              <textarea id="ann-text" value={text} onChange={(e) => setText(e.target.value)} className={textareaClasses} rows={4} aria-invalid={!!errors.text} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="ann-priority" label={t("announcements.dialog.priority")}>
                <Select
                  id="ann-priority"
                  value={String(priority)}
                  onValueChange={(v) => setPriority(Number(v) as 1 | 2 | 3)}
                  options={[1, 2, 3].map((p) => ({ value: String(p), label: t(`announcements.priority.${p as 1 | 2 | 3}`) }))}
                />
              </Field>
              <Field id="ann-end" label={t("announcements.dialog.endDate")}>
                <Input id="ann-end" type="datetime-local" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
              </Field>
              <div className="flex items-end gap-2 pb-2">
                <Switch id="ann-status" checked={status} onCheckedChange={setStatus} aria-label={t("announcements.dialog.status")} />
                <label htmlFor="ann-status" className="text-sm font-medium">
                  {t("announcements.dialog.status")}
                </label>
              </div>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("announcements.dialog.audience")}</legend>
              <div className="flex gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name="audience" checked={chosen === null} onChange={() => setChosen(null)} className="accent-[var(--brand)]" />
                  {t("announcements.dialog.all")}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="audience" checked={chosen !== null} onChange={() => setChosen([])} className="accent-[var(--brand)]" />
                  {t("announcements.dialog.chosen")}
                </label>
              </div>
              {chosen !== null ? (
                <ul className="max-h-40 overflow-y-auto rounded-lg border border-line">
                  {companies.map((c) => (
                    <li key={c.id}>
                      <label className="flex items-center gap-3 px-3 py-1.5 text-sm hover:bg-surface-2">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--brand)]"
                          checked={chosen.includes(c.id)}
                          onChange={() => setChosen((cur) => (cur!.includes(c.id) ? cur!.filter((x) => x !== c.id) : [...cur!, c.id]))}
                        />
                        {c.name}
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
              {errors.companies ? (
                <p role="alert" className="text-xs font-medium text-danger">
                  {errors.companies}
                </p>
              ) : null}
            </fieldset>
            <Field id="ann-file" label={t("announcements.dialog.file")} hint={announcement?.mediaName && !removeFile && !file ? announcement.mediaName : undefined}>
              <div className="flex items-center gap-2">
                <input id="ann-file" type="file" accept="image/png,image/jpeg,image/gif,image/webp,application/pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
                {announcement?.mediaUrl && !removeFile ? (
                  <Button type="button" variant="ghost" size="sm" onClick={() => setRemoveFile(true)}>
                    {t("announcements.dialog.removeFile")}
                  </Button>
                ) : null}
              </div>
            </Field>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("announcements.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={saving}>
              {t("announcements.dialog.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
