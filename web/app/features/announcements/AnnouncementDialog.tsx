import { useInputControl } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { announcementInput, MAX_ANNOUNCEMENT_MEDIA_BYTES } from "../../../../worker/contracts/announcements";
import { FileField, pickedFile, removeFile } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Switch } from "../../components/ui/Switch";
import { toast } from "../../lib/toast";
import { createAnnouncement, listCompanies, removeAnnouncementMedia, updateAnnouncement, uploadAnnouncementMedia, type AnnouncementView, type DeliveryView } from "./api";

/** A datetime-local value (the browser's local time) from an ISO instant, and back. */
const toLocal = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : "");
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * The API's rules for the texts; the audience's choice, the inputs' text forms and the file (uploaded after the save,
 * up to the API's limit; `lang` writes it in the user's language) are the page's.
 */
const announcementFormSchema = (lang: string) =>
  announcementInput
    .pick({ title: true, text: true })
    .extend({
      priority: z.enum(["1", "2", "3"]).default("3"),
      status: z.boolean().optional(),
      endDate: z.string().optional(),
      audience: z.enum(["all", "chosen"]).default("all"),
      companyIds: z.array(z.coerce.number()).default([]),
      media: pickedFile(MAX_ANNOUNCEMENT_MEDIA_BYTES, lang),
      removeMedia: removeFile,
    })
    .refine((v) => v.audience === "all" || v.companyIds.length > 0, { path: ["companyIds"], message: "announcements.dialog.companiesRequired" });

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={announcement ? t("announcements.dialog.editTitle") : t("announcements.dialog.createTitle")} modalLock size="lg">
        <AnnouncementForm announcement={announcement} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AnnouncementForm({ announcement, onSaved, onClose }: { announcement: AnnouncementView | null; onSaved: (a: AnnouncementView, delivery: DeliveryView | null) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => announcementFormSchema(i18n.language), [i18n.language]);
  const [companies, setCompanies] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    void listCompanies().then(setCompanies).catch(() => undefined);
  }, []);
  const { form, fields, saving } = useContractForm({
    id: `announcement-form-${announcement?.id ?? "new"}`,
    schema,
    defaultValue: {
      title: announcement?.title ?? "",
      text: announcement?.text ?? "",
      priority: String(announcement?.priority ?? 3),
      status: (announcement?.status ?? true) ? "on" : "",
      endDate: toLocal(announcement?.endDate ?? null),
      audience: announcement?.companyIds ? "chosen" : "all",
      companyIds: announcement?.companyIds?.map(String) ?? [],
    },
    shouldValidate: "onSubmit",
    fields: ["title", "text", "companyIds"],
    messages: { title: { required: "announcements.dialog.required" }, text: { required: "announcements.dialog.required" } },
    async save(value) {
      const input = {
        title: value.title,
        text: value.text,
        priority: Number(value.priority) as 1 | 2 | 3,
        status: !!value.status,
        endDate: fromLocal(value.endDate ?? ""),
        companyIds: value.audience === "chosen" ? value.companyIds : null,
      };
      const saved = announcement ? await updateAnnouncement(announcement.id, input) : await createAnnouncement(input);
      let view: AnnouncementView = saved;
      if (value.media) view = await uploadAnnouncementMedia(saved.id, value.media);
      else if (value.removeMedia && announcement?.mediaUrl) view = await removeAnnouncementMedia(saved.id);
      toast.success(t("announcements.saved"));
      onSaved(view, saved.delivery);
      onClose();
    },
  });
  const status = useInputControl(fields.status);
  const chosen = (fields.audience.value ?? fields.audience.initialValue) === "chosen";
  const picked = new Set((fields.companyIds.initialValue as string[] | undefined) ?? []);
  const titleError = fields.title.errors?.[0];
  const textError = fields.text.errors?.[0];
  const companiesError = fields.companyIds.errors?.[0];

  return (
        <form id={form.id} onSubmit={form.onSubmit} noValidate>
          <DialogBody className="space-y-4">
            <Field id={fields.title.id} label={t("announcements.dialog.title")} error={titleError}>
              <Input id={fields.title.id} name={fields.title.name} key={fields.title.key} defaultValue={fields.title.initialValue} invalid={!!titleError} maxLength={200} />
            </Field>
            <Field id={fields.text.id} label={t("announcements.dialog.text")} error={textError}>
              <textarea id={fields.text.id} name={fields.text.name} key={fields.text.key} defaultValue={fields.text.initialValue} className={textareaClasses} rows={4} aria-invalid={!!textError} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id={fields.priority.id} label={t("announcements.dialog.priority")}>
                <Select
                  id={fields.priority.id}
                  name={fields.priority.name}
                  defaultValue={fields.priority.initialValue}
                  options={[1, 2, 3].map((p) => ({ value: String(p), label: t(`announcements.priority.${p as 1 | 2 | 3}`) }))}
                />
              </Field>
              <Field id={fields.endDate.id} label={t("announcements.dialog.endDate")}>
                <Input id={fields.endDate.id} name={fields.endDate.name} type="datetime-local" defaultValue={fields.endDate.initialValue} />
              </Field>
              <div className="flex items-end gap-2 pb-2">
                <Switch id={fields.status.id} checked={status.value === "on"} onCheckedChange={(on) => status.change(on ? "on" : "")} aria-label={t("announcements.dialog.status")} />
                <label htmlFor={fields.status.id} className="text-sm font-medium">
                  {t("announcements.dialog.status")}
                </label>
              </div>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("announcements.dialog.audience")}</legend>
              <div className="flex gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name={fields.audience.name} value="all" defaultChecked={!chosen} className="accent-[var(--brand)]" />
                  {t("announcements.dialog.all")}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name={fields.audience.name} value="chosen" defaultChecked={chosen} className="accent-[var(--brand)]" />
                  {t("announcements.dialog.chosen")}
                </label>
              </div>
              {/* Hidden, not removed, under "all": the choice comes back as it was. */}
              <ul className="max-h-40 overflow-y-auto rounded-lg border border-line" hidden={!chosen}>
                  {companies.map((c) => (
                    <li key={c.id}>
                      <label className="flex items-center gap-3 px-3 py-1.5 text-sm hover:bg-surface-2">
                        <input type="checkbox" name={fields.companyIds.name} value={c.id} defaultChecked={picked.has(String(c.id))} className="size-4 accent-[var(--brand)]" />
                        {c.name}
                      </label>
                    </li>
                  ))}
                </ul>
              {companiesError ? (
                <p role="alert" className="text-xs font-medium text-danger">
                  {companiesError}
                </p>
              ) : null}
            </fieldset>
            <FileField
              meta={fields.media}
              remove={fields.removeMedia}
              id="ann-file"
              label={t("announcements.dialog.file")}
              accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
              current={announcement?.mediaName ? { name: announcement.mediaName, url: announcement.mediaUrl } : null}
              maxBytes={MAX_ANNOUNCEMENT_MEDIA_BYTES}
            />
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t("announcements.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={saving}>
              {t("announcements.dialog.save")}
            </Button>
          </DialogFooter>
        </form>
  );
}
