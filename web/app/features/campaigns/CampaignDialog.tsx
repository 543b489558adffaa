import { useInputControl } from "@conform-to/react";
import { Send } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { REQUIRED, TOO_LONG } from "../../../../worker/contracts/fieldMessages";
import { createCampaignInput, MAX_CAMPAIGN_MEDIA_BYTES, testCampaignInput } from "../../../../worker/contracts/campaigns";
import { FileField, pickedFile, removeFile } from "../../components/form/FileField";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Switch } from "../../components/ui/Switch";
import { toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { defaultSendAt, zonedInstant, zonedParts } from "../schedules/zone";
import { listAllFileLists } from "../fileLists/api";
import { listConnections, listTags } from "../tickets/shared/api";
import { CloudTemplateFields, paramRowsOf, paramSourceOf, rowMissingText } from "./CloudTemplateFields";
import { createCampaign, deleteCampaignMedia, listContactListOptions, testCampaign, updateCampaign, uploadCampaignMedia } from "./api";
import { SLOTS, type CampaignPayload, type CampaignRow } from "./types";
import "./texts";

type Option = { id: number; name: string };
type Connection = Option & { channel?: "baileys" | "cloud" };
type When = "inactive" | "now" | "later";

const MESSAGE_FIELDS = SLOTS.flatMap((n) => [`message${n}`, `confirmationMessage${n}`] as const);
const slotFields = Object.fromEntries(MESSAGE_FIELDS.map((key) => [key, createCampaignInput.shape[key]])) as { [K in (typeof MESSAGE_FIELDS)[number]]: (typeof createCampaignInput.shape)[K] };

/**
 * The campaign form: the name and messages by the API's rules; what to send and when are the page's (a connection,
 * an audience and a message are needed to start, a file list or an attachment but not both). On a Cloud API
 * connection the message is an approved template, a source per variable (issue 24 §3).
 */
function campaignFormSchema(hasCurrentMedia: boolean, timeZone: string, lang: string, isCloud: (whatsappId: string | undefined) => boolean) {
  return z
    .object({
      name: createCampaignInput.shape.name,
      ...slotFields,
      whatsappId: z.string().optional(),
      audience: z.string().optional(),
      confirmation: z.boolean().optional(),
      fileListId: z.string().default("none"),
      when: z.enum(["now", "later", "inactive"]),
      date: z.string().optional(),
      time: z.string().optional(),
      media: pickedFile(MAX_CAMPAIGN_MEDIA_BYTES, lang),
      removeMedia: removeFile,
      templateId: z.string().optional(),
      templateParams: z.array(z.object({ kind: z.string().optional(), text: z.string().optional() })).default([]),
      templateFallback: z.string().max(100, TOO_LONG).optional(),
    })
    .superRefine((v, ctx) => {
      if (isCloud(v.whatsappId)) {
        v.templateParams.forEach((row, i) => {
          if (!row.kind) ctx.addIssue({ code: "custom", path: ["templateParams", i, "kind"], message: REQUIRED });
          else if (rowMissingText(row)) ctx.addIssue({ code: "custom", path: ["templateParams", i, "text"], message: REQUIRED });
        });
        if (v.when === "later" && !zonedInstant(v.date ?? "", v.time ?? "", timeZone)) ctx.addIssue({ code: "custom", path: ["date"], message: "Must be a date and time" });
        if (v.when === "inactive") return;
        if (!v.audience) ctx.addIssue({ code: "custom", path: ["audience"], message: REQUIRED });
        if (!v.templateId) ctx.addIssue({ code: "custom", path: ["templateId"], message: REQUIRED });
        return;
      }
      const hasAttachment = !!v.media || (hasCurrentMedia && !v.removeMedia);
      const required = (path: string) => ctx.addIssue({ code: "custom", path: [path], message: REQUIRED });
      const withFileList = v.fileListId !== "none";
      if (v.when === "later" && !zonedInstant(v.date ?? "", v.time ?? "", timeZone)) ctx.addIssue({ code: "custom", path: ["date"], message: "Must be a date and time" });
      if (withFileList && hasAttachment) ctx.addIssue({ code: "custom", path: ["fileListId"], message: "campaigns.dialog.attachmentOrFileList" });
      if (v.when === "inactive") return;
      if (!v.whatsappId) required("whatsappId");
      if (!v.audience) required("audience");
      if (!SLOTS.some((n) => v[`message${n}`]) && !hasAttachment && !withFileList) required("message1");
      if (v.confirmation && !SLOTS.some((n) => v[`confirmationMessage${n}`])) required("confirmationMessage1");
    });
}

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
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const timeZone = user.company.timezone;
  const [connections, setConnections] = useState<Connection[]>([]);
  // Which connection is chosen decides what the message is: written texts, or a Cloud API connection's template.
  const [connectionId, setConnectionId] = useState(campaign?.whatsappId ? String(campaign.whatsappId) : "");
  const [audience, setAudience] = useState(campaign?.contactListId ? `list:${campaign.contactListId}` : "");
  const [lists, setLists] = useState<Option[]>([]);
  const [tags, setTags] = useState<Option[]>([]);
  const [fileLists, setFileLists] = useState<Option[]>([]);
  const [slot, setSlot] = useState(1);
  const cloudIds = useMemo(() => new Set(connections.filter((c) => c.channel === "cloud").map((c) => String(c.id))), [connections]);
  const cloud = cloudIds.has(connectionId);
  const schema = useMemo(
    () => campaignFormSchema(!!campaign?.mediaPath, timeZone, i18n.language, (id) => !!id && cloudIds.has(id)),
    [campaign?.mediaPath, timeZone, i18n.language, cloudIds],
  );
  useEffect(() => {
    listConnections().then((c) => setConnections(c.map((x) => ({ id: x.id, name: x.name, channel: x.channel }))), toastError);
    listContactListOptions().then(setLists, toastError);
    listTags().then((x) => setTags(x.map((tag) => ({ id: tag.id, name: tag.name }))), toastError);
    listAllFileLists().then(setFileLists, toastError);
  }, []);

  const first = zonedParts(campaign?.scheduledAt ?? defaultSendAt(), timeZone);
  const { form, fields, saving } = useContractForm({
    id: `campaign-form-${campaign?.id ?? "new"}`,
    schema,
    defaultValue: {
      name: campaign?.name ?? "",
      ...Object.fromEntries(MESSAGE_FIELDS.map((key) => [key, campaign?.[key] ?? ""])),
      whatsappId: campaign?.whatsappId ? String(campaign.whatsappId) : "",
      audience: campaign?.tagListId ? `tag:${campaign.tagListId}` : campaign?.contactListId ? `list:${campaign.contactListId}` : "",
      confirmation: campaign?.confirmation ? "on" : "",
      fileListId: campaign?.fileListId ? String(campaign.fileListId) : "none",
      when: campaign?.scheduledAt ? "later" : campaign ? "inactive" : "now",
      date: first.date,
      time: first.time,
      templateId: campaign?.template ? String(campaign.template.templateId) : "",
      templateParams: paramRowsOf(campaign?.template),
      templateFallback: campaign?.template?.fallback ?? t("campaigns.dialog.cloud.fallbackDefault"),
    },
    shouldValidate: "onSubmit",
    fields: (name) => ["name", "whatsappId", "audience", "fileListId", "date", "templateId", "templateFallback", ...MESSAGE_FIELDS].includes(name) || name.startsWith("templateParams"),
    aliases: { contactListId: "audience", tagListId: "audience", scheduledAt: "date", template: "templateId", "template.templateId": "templateId", "template.params": "templateId", "template.fallback": "templateFallback" },
    async save(value) {
      const onCloud = cloudIds.has(value.whatsappId ?? "");
      const scheduledAt = value.when === "now" ? new Date() : value.when === "later" ? zonedInstant(value.date ?? "", value.time ?? "", timeZone) : null;
      const [kind, audienceId] = (value.audience ?? "").split(":");
      const payload: CampaignPayload = {
        name: value.name,
        whatsappId: value.whatsappId ? Number(value.whatsappId) : null,
        contactListId: kind === "list" ? Number(audienceId) : null,
        tagListId: kind === "tag" ? Number(audienceId) : null,
        fileListId: !onCloud && value.fileListId !== "none" ? Number(value.fileListId) : null,
        confirmation: !onCloud && !!value.confirmation,
        // Every slot goes, blank ones as "": a slot cleared in an edit is cleared (all of them on a cloud connection).
        ...Object.fromEntries(MESSAGE_FIELDS.map((key) => [key, onCloud ? "" : (value[key] ?? "")])),
        template:
          onCloud && value.templateId
            ? { templateId: Number(value.templateId), params: value.templateParams.map(paramSourceOf), fallback: value.templateFallback?.trim() || t("campaigns.dialog.cloud.fallbackDefault") }
            : null,
      };
      // A removed attachment goes first (a file list may take its place; a template goes without); a new one goes
      // on the saved campaign, before it is programmed to start.
      const file = onCloud ? undefined : value.media;
      if (campaign && (value.removeMedia || onCloud) && campaign.mediaPath && !file) await deleteCampaignMedia(campaign.id);
      let saved = campaign ? await updateCampaign(campaign.id, { ...payload, scheduledAt: null }) : await createCampaign({ ...payload, scheduledAt: null });
      if (file) saved = await uploadCampaignMedia(saved.id, file);
      if (scheduledAt && saved.status !== "CANCELADA") saved = await updateCampaign(saved.id, { scheduledAt: scheduledAt.toISOString() });
      onSaved(saved);
      toast.success(t("campaigns.saved"));
      onClose();
    },
  });
  const test = useContractForm({
    id: `campaign-test-${campaign?.id ?? "new"}`,
    schema: testCampaignInput,
    shouldValidate: "onSubmit",
    fields: ["number"],
    async save({ number }) {
      if (!campaign) return;
      await testCampaign(campaign.id, number);
      toast.success(t("campaigns.dialog.testSent"));
    },
  });
  const confirmation = useInputControl(fields.confirmation);
  const confirming = confirmation.value === "on";
  const when = (fields.when.value ?? fields.when.initialValue) as When;
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const testError = test.fields.number.errors?.[0];
  const f = (name: string) => `${form.id}-${name}`;
  return (
    <>
    <form id={form.id} onSubmit={readOnly ? (event) => (event.preventDefault(), onClose()) : form.onSubmit} noValidate className="contents">
      <DialogBody className="space-y-4">
        <fieldset disabled={readOnly} className="space-y-4">
          <Field id={fields.name.id} label={t("campaigns.dialog.name")} error={error("name")}>
            <Input id={fields.name.id} name={fields.name.name} key={fields.name.key} defaultValue={fields.name.initialValue} invalid={!!error("name")} aria-describedby={describedBy(fields.name.id, error("name"))} autoFocus />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fields.whatsappId.id} label={t("campaigns.dialog.whatsapp")} error={error("whatsappId")}>
              <Select id={fields.whatsappId.id} name={fields.whatsappId.name} defaultValue={fields.whatsappId.initialValue || undefined} onValueChange={setConnectionId} placeholder={t("campaigns.dialog.choose")} options={connections.map((c) => ({ value: String(c.id), label: c.name }))} invalid={!!error("whatsappId")} disabled={readOnly} />
            </Field>
            <Field id={fields.audience.id} label={t("campaigns.dialog.audience")} error={error("audience")}>
              <Select
                id={fields.audience.id}
                name={fields.audience.name}
                defaultValue={fields.audience.initialValue || undefined}
                onValueChange={setAudience}
                placeholder={t("campaigns.dialog.choose")}
                options={[
                  ...lists.map((l) => ({ value: `list:${l.id}`, label: `${t("campaigns.dialog.contactList")}: ${l.name}` })),
                  ...tags.map((tag) => ({ value: `tag:${tag.id}`, label: `${t("campaigns.dialog.tag")}: ${tag.name}` })),
                ]}
                invalid={!!error("audience")}
                disabled={readOnly}
              />
            </Field>
          </div>
          {cloud ? (
            <CloudTemplateFields form={form} connectionId={Number(connectionId)} contactListId={audience.startsWith("list:") ? Number(audience.slice(5)) : null} templateId={fields.templateId} params={fields.templateParams} fallback={fields.templateFallback} disabled={readOnly} />
          ) : null}
          {/* The written messages stay in the form on a cloud connection (unsent), so a switch back keeps them. */}
          <div hidden={cloud} className="space-y-4">
          <label className="flex items-center gap-3 text-sm">
            <Switch checked={confirming} onCheckedChange={(on) => confirmation.change(on ? "on" : "")} aria-describedby={f("confirmationHint")} disabled={readOnly} />
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
          {/* Every slot stays in the form; only the chosen one shows. */}
          {SLOTS.map((n) => {
            const meta = fields[`confirmationMessage${n}`];
            return (
              <div key={meta.key ?? n} hidden={!confirming || slot !== n}>
                <Field id={meta.id} label={t("campaigns.dialog.confirmationSlot", { n })} error={n === 1 ? error("confirmationMessage1") : undefined}>
                  <textarea id={meta.id} name={meta.name} defaultValue={meta.initialValue} className={cn(textareaClasses)} rows={3} />
                </Field>
              </div>
            );
          })}
          {SLOTS.map((n) => {
            const meta = fields[`message${n}`];
            return (
              <div key={meta.key ?? n} hidden={slot !== n}>
                <Field id={meta.id} label={t("campaigns.dialog.slot", { n })} hint={t("campaigns.dialog.messageHint")} error={n === 1 ? error("message1") : undefined}>
                  <textarea id={meta.id} name={meta.name} defaultValue={meta.initialValue} className={cn(textareaClasses, "min-h-28")} rows={4} aria-describedby={describedBy(meta.id, undefined, t("campaigns.dialog.messageHint"))} />
                </Field>
              </div>
            );
          })}
          <div className="grid gap-4 sm:grid-cols-2">
          <FileField
            meta={fields.media}
            remove={fields.removeMedia}
            id={f("file")}
            label={t("campaigns.dialog.attachment")}
            hint={t("campaigns.dialog.attachmentHint")}
            current={campaign?.mediaName ? { name: campaign.mediaName, url: null } : null}
            maxBytes={MAX_CAMPAIGN_MEDIA_BYTES}
            disabled={readOnly}
          />
          <Field id={fields.fileListId.id} label={t("campaigns.dialog.fileList")} hint={t("campaigns.dialog.fileListHint")} error={error("fileListId")}>
            <Select
              id={fields.fileListId.id}
              name={fields.fileListId.name}
              defaultValue={fields.fileListId.initialValue}
              options={[{ value: "none", label: t("campaigns.dialog.fileListNone") }, ...fileLists.map((l) => ({ value: String(l.id), label: l.name }))]}
              invalid={!!error("fileListId")}
              disabled={readOnly}
              aria-describedby={describedBy(fields.fileListId.id, error("fileListId"), t("campaigns.dialog.fileListHint"))}
            />
          </Field>
          </div>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t("campaigns.dialog.when")}</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {(["now", "later", "inactive"] as const).map((w) => (
                <label key={w} className="flex items-center gap-2">
                  <input type="radio" name={fields.when.name} value={w} defaultChecked={fields.when.initialValue === w} />
                  {t(`campaigns.dialog.${w}`)}
                </label>
              ))}
            </div>
            <div className="mt-3 grid grid-cols-2 gap-3" hidden={when !== "later"}>
              <Field id={fields.date.id} label={t("campaigns.dialog.date")} error={error("date")}>
                <Input id={fields.date.id} name={fields.date.name} type="date" defaultValue={fields.date.initialValue} />
              </Field>
              <Field id={fields.time.id} label={t("campaigns.dialog.time")}>
                <Input id={fields.time.id} name={fields.time.name} type="time" defaultValue={fields.time.initialValue} />
              </Field>
            </div>
          </fieldset>
        </fieldset>
        {campaign && !readOnly ? (
          <div className="rounded-lg border border-line p-3">
            <p className="mb-2 text-sm font-medium">{t("campaigns.dialog.testTitle")}</p>
            {/* Its own form (test.form), outside this one: the inputs point to it by id. */}
            <div className="flex items-end gap-2">
              <Field id={test.fields.number.id} label={t("campaigns.dialog.testNumber")} error={testError} className="flex-1">
                <Input id={test.fields.number.id} form={test.form.id} name={test.fields.number.name} inputMode="tel" invalid={!!testError} />
              </Field>
              <Button type="submit" form={test.form.id} variant="outline" disabled={test.saving}>
                <Send className="size-4" aria-hidden />
                {t("campaigns.dialog.testSend")}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogBody>
      {readOnly ? null : <FormDialogFooter saving={saving} editing={!!campaign} onCancel={onClose} />}
    </form>
    <form id={test.form.id} onSubmit={test.form.onSubmit} noValidate hidden />
    </>
  );
}
