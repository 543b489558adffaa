import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../components/form/DialogForm";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, textareaClasses } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Spinner } from "../../components/ui/Spinner";
import { planAllows } from "../../lib/access";
import { describeErrorCode, toastError } from "../../lib/errors";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { chosenQueueIds, QueueSelect, useQueueIdsControl } from "../users/QueueSelect";
import { createConnection, getConnection, listIntegrationsIfAvailable, listPromptsIfAvailable, listQueues, updateConnection } from "./api";
import { CONNECTION_FORM_MESSAGES, connectionFormSchema, LIMITS, NONE, toPayload } from "./schema";
import { ChannelChoice, CloudCredentialFields, CloudWebhookInfo } from "./CloudFields";
import { TokenSection } from "./TokenSection";
import { EmbeddedSignup, readConnectionForm } from "./cloud/EmbeddedSignup";
import type { Connection, ConnectionPayload, ConnectionRow, NamedRef, QueueRef } from "./types";
import "./texts";

const FORM_FIELDS = [
  "name",
  "isDefault",
  "queueIds",
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "transferQueueId",
  "timeToTransfer",
  "sendIdQueue",
  "timeUseBotQueues",
  "maxUseBotQueues",
  "promptId",
  "integrationId",
  "expiresTicket",
  "expiresInactiveMessage",
  "channel",
  "phoneNumberId",
  "wabaId",
  "accessToken",
  "ownApp",
  "appSecret",
  "verifyToken",
];
const isFormField = (name: string) => FORM_FIELDS.includes(name);
/** Conflicts the API answers about one input: shown under it. */
const CODE_FIELDS = { ERR_DUPLICATED_WHATSAPP: "name", ERR_WAPP_GREETING_REQUIRED: "greetingMessage", ERR_WAPP_CLOUD_CREDENTIALS: "accessToken" };
/** The API names a Cloud API number's credentials under `cloud`; the form has them flat. */
const CLOUD_ALIASES = {
  cloud: "accessToken",
  "cloud.phoneNumberId": "phoneNumberId",
  "cloud.wabaId": "wabaId",
  "cloud.accessToken": "accessToken",
  "cloud.appSecret": "appSecret",
  "cloud.verifyToken": "verifyToken",
};

export interface ConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection being edited; absent to add one. */
  connection?: ConnectionRow | null;
  /** Adding: the kind chosen at first (a refused WhatsApp Web number's way to the official API); WhatsApp Web otherwise. */
  channel?: ConnectionRow["channel"];
  onSaved: (connection: Connection) => void;
}

export function ConnectionDialog({ open, onOpenChange, connection, channel, onSaved }: ConnectionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={connection ? t("connections.dialog.editTitle") : t("connections.dialog.addTitle")} size="lg" modalLock>
        {open ? <ConnectionLoader id={connection?.id ?? null} channel={channel} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface Options {
  queues: QueueRef[];
  prompts: NamedRef[] | null;
  integrations: NamedRef[] | null;
}

/** Loads what the form needs: the connection (when editing) and the options of its selects. */
function ConnectionLoader({ id, channel, onSaved, onClose }: { id: number | null; channel?: ConnectionRow["channel"]; onSaved: (c: Connection) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [options, setOptions] = useState<Options | null>(null);
  const [failed, setFailed] = useState(false);
  const allowsPrompts = planAllows(user, "useOpenAi");
  const allowsIntegrations = planAllows(user, "useIntegrations");

  useEffect(() => {
    let live = true;
    const none = Promise.resolve(null);
    Promise.all([
      id ? getConnection(id) : none,
      listQueues(),
      // Prompts and integrations only where the plan has them.
      allowsPrompts ? listPromptsIfAvailable() : none,
      allowsIntegrations ? listIntegrationsIfAvailable() : none,
    ])
      .then(([loaded, queues, prompts, integrations]) => {
        if (!live) return;
        setConnection(loaded);
        setOptions({ queues, prompts, integrations });
      })
      .catch((err: unknown) => {
        if (!live) return;
        toastError(err);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [id, allowsPrompts, allowsIntegrations]);

  if (failed) {
    return (
      <DialogBody>
        <p className="text-sm text-danger">{t("toasts.listLoadFailed")}</p>
      </DialogBody>
    );
  }
  if (!options || (id && !connection)) {
    return (
      <DialogBody className="flex min-h-48 items-center justify-center text-muted">
        <Spinner label={t("connections.dialog.loading")} />
      </DialogBody>
    );
  }
  return (
    <ConnectionForm
      key={connection?.id ?? `new-${channel ?? "baileys"}`}
      connection={connection}
      channel={channel}
      justCreated={!id && !!connection}
      options={options}
      showToken={planAllows(user, "useExternalApi")}
      onSaved={(saved) => {
        setConnection(saved);
        onSaved(saved);
      }}
      onClose={onClose}
    />
  );
}

function ConnectionForm({
  connection,
  channel,
  justCreated,
  options,
  showToken,
  onSaved,
  onClose,
}: {
  connection: Connection | null;
  channel?: ConnectionRow["channel"];
  /** Saved a moment ago in this dialog (a new cloud number stays open with its webhook). */
  justCreated: boolean;
  options: Options;
  showToken: boolean;
  onSaved: (c: Connection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const savedCloud = connection?.cloud ?? null;
  const schema = useMemo(() => connectionFormSchema(savedCloud), [savedCloud]);
  // The current default cannot be switched off (ERR_NO_OTHER_WHATSAPP): another one must be made the default.
  const lockedDefault = connection?.isDefault === true;

  const asText = (v: number | null | undefined) => (v == null ? "" : String(v));
  const { form, fields, saving } = useContractForm({
    id: `connection-form-${connection?.id ?? "new"}`,
    schema,
    defaultValue: {
      isDefault: connection?.isDefault ?? false,
      name: connection?.name ?? "",
      queueIds: connection?.queues.map((q) => String(q.id)) ?? [],
      greetingMessage: connection?.greetingMessage ?? "",
      complationMessage: connection?.complationMessage ?? "",
      outOfHoursMessage: connection?.outOfHoursMessage ?? "",
      ratingMessage: connection?.ratingMessage ?? "",
      timeToTransfer: asText(connection?.timeToTransfer),
      timeUseBotQueues: asText(connection?.timeUseBotQueues ?? 0),
      maxUseBotQueues: asText(connection?.maxUseBotQueues ?? 3),
      expiresTicket: asText(connection?.expiresTicket ?? 0),
      expiresInactiveMessage: connection?.expiresInactiveMessage ?? "",
      channel: connection?.channel ?? channel ?? "baileys",
      phoneNumberId: savedCloud?.phoneNumberId ?? "",
      wabaId: savedCloud?.wabaId ?? "",
      ownApp: savedCloud?.ownApp ?? false,
    },
    fields: isFormField,
    // A queue, prompt or integration that is gone answers 404 naming its field: shown under it, as these are.
    codeFields: CODE_FIELDS,
    aliases: CLOUD_ALIASES,
    messages: CONNECTION_FORM_MESSAGES,
    async save(value) {
      const payload: Partial<ConnectionPayload> = toPayload(value, savedCloud);
      // A select the page cannot show (no API yet, or not in the plan) must not clear what is saved.
      if (!options.prompts) delete payload.promptId;
      if (!options.integrations) delete payload.integrationId;
      if (connection) {
        onSaved(await updateConnection(connection.id, payload));
        toast.success(t("connections.saved"));
      } else {
        const created = await createConnection(payload as ConnectionPayload);
        onSaved(created);
        if (created.sessionError) toast.error(t("connections.sessionNotStarted", { reason: describeErrorCode(created.sessionError.error, t) }));
        else toast.success(created.channel === "cloud" ? t("connections.cloud.connected") : t("connections.saved"));
        // A new Cloud API number stays open as saved: its callback URL is what the admin pastes in Meta next.
        if (created.channel === "cloud") return;
      }
      onClose();
    },
  });

  const queueIds = useQueueIdsControl(fields.queueIds);
  const cloud = (connection?.channel ?? fields.channel.value) === "cloud";
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];
  const queueOptions = [{ value: NONE, label: t("connections.dialog.none") }, ...options.queues.map((q) => ({ value: String(q.id), label: q.name }))];
  const textarea = (name: "greetingMessage" | "complationMessage" | "outOfHoursMessage" | "ratingMessage" | "expiresInactiveMessage", hint?: ReactNode) => {
    const field = fields[name];
    return (
      <Field id={field.id} label={t(`connections.dialog.${name}`)} error={field.errors?.[0]} hint={hint}>
        <textarea
          id={field.id}
          name={field.name}
          key={field.key}
          defaultValue={field.initialValue}
          rows={3}
          maxLength={LIMITS.message}
          className={textareaClasses}
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={describedBy(field.id, field.errors?.[0], hint)}
        />
      </Field>
    );
  };
  const numberInput = (name: "timeToTransfer" | "timeUseBotQueues" | "maxUseBotQueues" | "expiresTicket", max: number, hint?: ReactNode) => {
    const field = fields[name];
    return (
      <Field id={field.id} label={t(`connections.dialog.${name}`)} error={field.errors?.[0]} hint={hint}>
        <Input
          id={field.id}
          name={field.name}
          key={field.key}
          defaultValue={field.initialValue}
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          invalid={!!field.errors?.length}
          aria-describedby={describedBy(field.id, field.errors?.[0], hint)}
        />
      </Field>
    );
  };
  const select = (name: "transferQueueId" | "sendIdQueue" | "promptId" | "integrationId", selectOptions: { value: string; label: string }[], current: number | null | undefined) => {
    const field = fields[name];
    return (
      <Field id={field.id} label={t(`connections.dialog.${name}`)} error={field.errors?.[0]}>
        <Select
          id={field.id}
          name={field.name}
          defaultValue={current ? String(current) : NONE}
          options={selectOptions}
          invalid={!!field.errors?.length}
          aria-describedby={describedBy(field.id, field.errors?.[0])}
        />
      </Field>
    );
  };
  const section = (title: string, children: ReactNode) => (
    <section className="flex flex-col gap-4">
      <h3 className="border-b border-line pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
  const named = (list: NamedRef[]) => [{ value: NONE, label: t("connections.dialog.none") }, ...list.map((r) => ({ value: String(r.id), label: r.name }))];

  return (
    <DialogForm form={form} saving={saving} editing={!!connection} onCancel={onClose} className="flex flex-col gap-6">
        <ChannelChoice meta={fields.channel} fixed={connection?.channel} />
        {section(
          t("connections.dialog.general"),
          <>
            <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
              <Field id={fields.name.id} label={t("connections.dialog.name")} error={error("name")}>
                <Input
                  id={fields.name.id}
                  name={fields.name.name}
                  key={fields.name.key}
                  defaultValue={fields.name.initialValue}
                  autoComplete="off"
                  autoFocus
                  maxLength={50}
                  invalid={!!error("name")}
                  aria-describedby={describedBy(fields.name.id, error("name"))}
                />
              </Field>
              <div className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-1.5">
                <label htmlFor={fields.isDefault.id} className="text-sm font-medium">
                  {t("connections.dialog.isDefault")}
                </label>
                <div className="flex h-10 items-center">
                  <SwitchInput meta={fields.isDefault} disabled={lockedDefault} aria-describedby={`${fields.isDefault.id}-hint`} />
                </div>
              </div>
            </div>
            <p id={`${fields.isDefault.id}-hint`} className="-mt-2 text-xs text-subtle">
              {t("connections.dialog.isDefaultHint")}
            </p>
            <Field id={fields.queueIds.id} label={t("connections.dialog.queues")} error={error("queueIds")}>
              <QueueSelect id={fields.queueIds.id} queues={options.queues} control={queueIds} />
            </Field>
          </>,
        )}
        {cloud
          ? section(
              t("connections.cloud.title"),
              <>
                {connection ? null : (
                  <EmbeddedSignup
                    collect={() => readConnectionForm(form, schema)}
                    onConnected={(created) => {
                      onSaved(created);
                      toast.success(t("connections.signup.connected"));
                      onClose();
                    }}
                  />
                )}
                <CloudCredentialFields fields={fields} saved={savedCloud} />
                <CloudWebhookInfo cloud={savedCloud} reveal={justCreated} />
              </>,
            )
          : null}
        {section(
          t("connections.dialog.messages"),
          <>
            {textarea("greetingMessage", chosenQueueIds(queueIds).length > 1 ? t("connections.dialog.greetingHint") : undefined)}
            <div className="grid gap-4 sm:grid-cols-2">
              {textarea("complationMessage")}
              {textarea("outOfHoursMessage")}
            </div>
            {textarea("ratingMessage", t("connections.dialog.ratingHint"))}
          </>,
        )}
        {section(
          t("connections.dialog.chatbot"),
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              {select("transferQueueId", queueOptions, connection?.transferQueueId)}
              {numberInput("timeToTransfer", LIMITS.minutes)}
            </div>
            <p className="-mt-2 text-xs text-subtle">{t("connections.dialog.transferHint")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {numberInput("timeUseBotQueues", LIMITS.minutes, t("connections.dialog.timeUseBotQueuesHint"))}
              {numberInput("maxUseBotQueues", LIMITS.menuSends)}
            </div>
            {select("sendIdQueue", queueOptions, connection?.sendIdQueue)}
            {options.prompts || options.integrations ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {options.prompts ? select("promptId", named(options.prompts), connection?.promptId) : null}
                {options.integrations ? select("integrationId", named(options.integrations), connection?.integrationId) : null}
              </div>
            ) : null}
          </>,
        )}
        {section(
          t("connections.dialog.closing"),
          <>
            {numberInput("expiresTicket", LIMITS.hours, t("connections.dialog.expiresTicketHint"))}
            {textarea("expiresInactiveMessage")}
          </>,
        )}
        {showToken ? <TokenSection key={connection?.id ?? "new"} connection={connection} onChanged={onSaved} /> : null}
    </DialogForm>
  );
}
