import { Send } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Switch } from "../../components/ui/Switch";
import { ApiError } from "../../lib/api";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { defaultSendAt, zonedInstant, zonedParts } from "../schedules/zone";
import { listAllFileLists } from "../fileLists/api";
import { AttachmentField, type AttachmentChange } from "../quickMessages/AttachmentField";
import { listConnections, listTags } from "../tickets/shared/api";
import { createCampaign, deleteCampaignMedia, listContactListOptions, testCampaign, updateCampaign, uploadCampaignMedia } from "./api";
import { SLOTS, type CampaignPayload, type CampaignRow } from "./types";
import "./texts";

type Option = { id: number; name: string };

/** Add, edit (while editable) or view a campaign; its attachment and a test send once it exists. */
export function CampaignDialog({ open, onOpenChange, campaign, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; campaign: CampaignRow | null; onSaved: (c: CampaignRow) => void }) {
  const { t } = useTranslation();
  const readOnly = !!campaign && !campaign.editable && campaign.status !== "CANCELADA";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={readOnly ? t("campaigns.dialog.readOnlyTitle") : campaign ? t("campaigns.dialog.editTitle") : t("campaigns.dialog.addTitle")} size="lg" modalLock>
        {open ? <CampaignForm campaign={campaign} readOnly={readOnly} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CampaignForm({ campaign, readOnly, onSaved, onClose }: { campaign: CampaignRow | null; readOnly: boolean; onSaved: (c: CampaignRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const timeZone = user.company.timezone;
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const [connections, setConnections] = useState<Option[]>([]);
  const [lists, setLists] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const [fileLists, setFileLists] = useState<Option[]>([]);
  const [fileListId, setFileListId] = useState(campaign?.fileListId ? String(campaign.fileListId) : "none");
  const [name, setName] = useState(campaign?.name ?? "");
  const [whatsappId, setWhatsappId] = useState(campaign?.whatsappId ? String(campaign.whatsappId) : "");
  const [audience, setAudience] = useState(campaign?.tagListId ? `tag:${campaign.tagListId}` : campaign?.contactListId ? `list:${campaign.contactListId}` : "");
  const [confirmation, setConfirmation] = useState(campaign?.confirmation ?? false);
  const [slot, setSlot] = useState(1);
  const [messages, setMessages] = useState(() => Object.fromEntries(SLOTS.flatMap((n) => [[`message${n}`, campaign?.[`message${n}`] ?? ""], [`confirmationMessage${n}`, campaign?.[`confirmationMessage${n}`] ?? ""]])) as Record<string, string>);
  const [when, setWhen] = useState<"inactive" | "now" | "later">(campaign?.scheduledAt ? "later" : campaign ? "inactive" : "now");
  const first = zonedParts(campaign?.scheduledAt ?? defaultSendAt(), timeZone);
  const [date, setDate] = useState(first.date);
  const [time, setTime] = useState(first.time);
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const attachment: AttachmentChange = file ? { kind: "replace", file } : removeMedia ? { kind: "remove" } : { kind: "keep" };
  const changeAttachment = (change: AttachmentChange) => {
    setFile(change.kind === "replace" ? change.file : null);
    setRemoveMedia(change.kind === "remove");
  };
  const [testNumber, setTestNumber] = useState("");
  const [testing, setTesting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    listConnections().then((c) => setConnections(c.map((x) => ({ id: x.id, name: x.name }))), toastError);
    listContactListOptions().then(setLists, toastError);
    listTags().then((x) => setTags(x.map((tag) => ({ id: tag.id, name: tag.name }))), toastError);
    listAllFileLists().then(setFileLists, toastError);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return onClose();
    const found: Record<string, string | undefined> = {};
    const n = name.trim();
    found.name = !n ? t("validation.required") : n.length < 2 ? t("validation.tooShort") : n.length > 50 ? t("validation.tooLong") : undefined;
    const scheduledAt = when === "now" ? new Date() : when === "later" ? zonedInstant(date, time, timeZone) : null;
    if (when === "later" && !scheduledAt) found.scheduledAt = t("validation.invalid");
    const withFileList = fileListId !== "none";
    // A single attachment or a file list, not both.
    if (withFileList && (file || (campaign?.mediaPath && !removeMedia))) found.fileListId = t("campaigns.dialog.attachmentOrFileList");
    if (when !== "inactive") {
      if (!whatsappId) found.whatsappId = t("validation.required");
      if (!audience) found.audience = t("validation.required");
      if (!SLOTS.some((s) => messages[`message${s}`]!.trim()) && !file && !campaign?.mediaPath && !withFileList) found.message1 = t("validation.required");
      if (confirmation && !SLOTS.some((s) => messages[`confirmationMessage${s}`]!.trim())) found.confirmationMessage1 = t("validation.required");
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const [kind, audienceId] = audience.split(":");
    const payload: CampaignPayload = {
      name: n,
      whatsappId: whatsappId ? Number(whatsappId) : null,
      contactListId: kind === "list" ? Number(audienceId) : null,
      tagListId: kind === "tag" ? Number(audienceId) : null,
      fileListId: withFileList ? Number(fileListId) : null,
      confirmation,
      ...messages,
    };
    setSaving(true);
    try {
      // A removed attachment goes first (a file list may take its place); a new one goes on the saved campaign,
      // before it is programmed to start.
      if (campaign && removeMedia && campaign.mediaPath && !file) await deleteCampaignMedia(campaign.id);
      let saved = campaign ? await updateCampaign(campaign.id, { ...payload, scheduledAt: null }) : await createCampaign({ ...payload, scheduledAt: null });
      if (file) saved = await uploadCampaignMedia(saved.id, file);
      if (scheduledAt && saved.status !== "CANCELADA") saved = await updateCampaign(saved.id, { scheduledAt: scheduledAt.toISOString() });
      onSaved(saved);
      toast.success(t("campaigns.saved"));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(Object.fromEntries(Object.keys(err.fields).map((k) => [k === "contactListId" ? "audience" : k, t("validation.invalid")])));
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const sendTest = async () => {
    if (!campaign || testNumber.replace(/\D/g, "").length < 8) return setErrors((e) => ({ ...e, testNumber: t("validation.tooShort") }));
    setTesting(true);
    try {
      await testCampaign(campaign.id, testNumber);
      toast.success(t("campaigns.dialog.testSent"));
    } catch (err) {
      toastError(err);
    } finally {
      setTesting(false);
    }
  };
  const slotKey = `message${slot}`;
  const confirmationKey = `confirmationMessage${slot}`;
  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <fieldset disabled={readOnly} className="space-y-4">
          <Field id={f("name")} label={t("campaigns.dialog.name")} error={errors.name}>
            <Input id={f("name")} value={name} onChange={(e) => setName(e.target.value)} invalid={!!errors.name} aria-describedby={describedBy(f("name"), errors.name)} autoFocus />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={f("whatsappId")} label={t("campaigns.dialog.whatsapp")} error={errors.whatsappId}>
              <Select id={f("whatsappId")} value={whatsappId} onValueChange={setWhatsappId} placeholder={t("campaigns.dialog.choose")} options={connections.map((c) => ({ value: String(c.id), label: c.name }))} invalid={!!errors.whatsappId} disabled={readOnly} />
            </Field>
            <Field id={f("audience")} label={t("campaigns.dialog.audience")} error={errors.audience}>
              <Select
                id={f("audience")}
                value={audience}
                onValueChange={setAudience}
                placeholder={t("campaigns.dialog.choose")}
                options={[
                  ...lists.map((l) => ({ value: `list:${l.id}`, label: `${t("campaigns.dialog.contactList")}: ${l.name}` })),
                  ...tags.map((tag) => ({ value: `tag:${tag.id}`, label: `${t("campaigns.dialog.tag")}: ${tag.name}` })),
                ]}
                invalid={!!errors.audience}
                disabled={readOnly}
              />
            </Field>
          </div>
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={confirmation} onCheckedChange={setConfirmation} aria-describedby={f("confirmationHint")} disabled={readOnly} />
            <span>
              {t("campaigns.dialog.confirmation")}
              <span id={f("confirmationHint")} className="block text-subtle">
                {t("campaigns.dialog.confirmationHint")}
              </span>
            </span>
          </label>
          <div className="flex flex-wrap gap-1" role="group" aria-label={t("campaigns.dialog.slot", { n: "" })}>
            {SLOTS.map((n) => (
              <Button key={n} type="button" size="sm" variant={slot === n ? "primary" : "outline"} aria-pressed={slot === n} onClick={() => setSlot(n)}>
                {t("campaigns.dialog.slot", { n })}
              </Button>
            ))}
          </div>
          {confirmation ? (
            <Field id={f(confirmationKey)} label={t("campaigns.dialog.confirmationSlot", { n: slot })} error={slot === 1 ? errors.confirmationMessage1 : undefined}>
              <textarea id={f(confirmationKey)} className={cn(textareaClasses)} rows={3} value={messages[confirmationKey]} onChange={(e) => setMessages((m) => ({ ...m, [confirmationKey]: e.target.value }))} />
            </Field>
          ) : null}
          <Field id={f(slotKey)} label={t("campaigns.dialog.slot", { n: slot })} hint={t("campaigns.dialog.messageHint")} error={slot === 1 ? errors.message1 : undefined}>
            <textarea id={f(slotKey)} className={cn(textareaClasses, "min-h-28")} rows={4} value={messages[slotKey]} onChange={(e) => setMessages((m) => ({ ...m, [slotKey]: e.target.value }))} aria-describedby={describedBy(f(slotKey), undefined, t("campaigns.dialog.messageHint"))} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
          {/* The control's 16 MB limit is the campaign's too (MAX_CAMPAIGN_MEDIA_BYTES, whose module the browser must not load). */}
          <AttachmentField
            id={f("file")}
            label={t("campaigns.dialog.attachment")}
            hint={t("campaigns.dialog.attachmentHint")}
            current={campaign?.mediaName ? { name: campaign.mediaName, url: null } : null}
            change={attachment}
            onChange={changeAttachment}
            error={fileError}
            onError={setFileError}
            disabled={readOnly}
          />
          <Field id={f("fileListId")} label={t("campaigns.dialog.fileList")} hint={t("campaigns.dialog.fileListHint")} error={errors.fileListId}>
            <Select
              id={f("fileListId")}
              value={fileListId}
              onValueChange={setFileListId}
              options={[{ value: "none", label: t("campaigns.dialog.fileListNone") }, ...fileLists.map((l) => ({ value: String(l.id), label: l.name }))]}
              invalid={!!errors.fileListId}
              disabled={readOnly}
              aria-describedby={describedBy(f("fileListId"), errors.fileListId, t("campaigns.dialog.fileListHint"))}
            />
          </Field>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t("campaigns.dialog.when")}</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {(["now", "later", "inactive"] as const).map((w) => (
                <label key={w} className="flex items-center gap-2">
                  <input type="radio" name={f("when")} checked={when === w} onChange={() => setWhen(w)} />
                  {t(`campaigns.dialog.${w}`)}
                </label>
              ))}
            </div>
            {when === "later" ? (
              <div className="mt-3 grid grid-cols-2 gap-3">
                <Field id={f("date")} label={t("campaigns.dialog.date")} error={errors.scheduledAt}>
                  <Input id={f("date")} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
                </Field>
                <Field id={f("time")} label={t("campaigns.dialog.time")}>
                  <Input id={f("time")} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
                </Field>
              </div>
            ) : null}
          </fieldset>
        </fieldset>
        {campaign && !readOnly ? (
          <div className="rounded-lg border border-line p-3">
            <p className="mb-2 text-sm font-medium">{t("campaigns.dialog.testTitle")}</p>
            <div className="flex items-end gap-2">
              <Field id={f("testNumber")} label={t("campaigns.dialog.testNumber")} error={errors.testNumber} className="flex-1">
                <Input id={f("testNumber")} inputMode="tel" value={testNumber} onChange={(e) => setTestNumber(e.target.value)} invalid={!!errors.testNumber} />
              </Field>
              <Button type="button" variant="outline" onClick={sendTest} disabled={testing}>
                <Send className="size-4" aria-hidden />
                {t("campaigns.dialog.testSend")}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogBody>
      {readOnly ? null : <FormDialogFooter saving={saving} editing={!!campaign} onCancel={onClose} />}
    </form>
  );
}
