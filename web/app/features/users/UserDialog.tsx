import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { MAX_OPEN_TICKETS_LIMIT } from "../../../../worker/contracts/users";
import { PROFILES } from "./profiles";
import { DialogForm } from "../../components/form/DialogForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input, PasswordField } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { createUser, updateUser } from "./api";
import { QueueSelect, useQueueIdsControl } from "./QueueSelect";
import { NO_CONNECTION, userFormSchema } from "./schema";
import type { UserPayload, UserRow } from "./types";
import { useUserFormOptions } from "./useFormOptions";
import { passwordHint } from "../../lib/password";

/** The form's inputs, for placing the server's field errors. */
const FORM_FIELDS = ["name", "email", "password", "currentPassword", "profile", "queueIds", "whatsappId", "allTicket", "maxOpenTickets"];
/** Conflict codes that belong under one input. */
const CODE_FIELDS = { ERR_EMAIL_IN_USE: "email", ERR_WRONG_CURRENT_PASSWORD: "currentPassword" };

export interface UserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user being edited; absent to add one. */
  user?: UserRow | null;
  onSaved: (user: UserRow) => void;
}

export function UserDialog({ open, onOpenChange, user, onSaved }: UserDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={user ? t("users.dialog.editTitle") : t("users.dialog.addTitle")} size="lg" modalLock>
        <UserForm user={user ?? null} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onSaved, onClose }: { user: UserRow | null; onSaved: (user: UserRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const actor = useSessionUser();
  const mode = user ? "edit" : "create";
  // Which parts of a user the actor may change comes from the rule table, never from the profile name.
  const mayEditProfile = can(actor, "user-modal:editProfile");
  const mayEditQueues = can(actor, "user-modal:editQueues");
  // Capacity is the admin's to set (the server ignores it from anyone else).
  const mayEditCapacity = can(actor, "users:manage");
  const options = useUserFormOptions({ queues: mayEditQueues, connections: mayEditProfile });
  // Editing oneself: a new password takes the current one (the server asks for it too).
  const self = user?.id === actor.id;
  const schema = useMemo(() => userFormSchema(mode, self), [mode, self]);

  const { form, fields, saving } = useContractForm({
    id: `user-form-${user?.id ?? "new"}`,
    schema,
    defaultValue: {
      name: user?.name ?? "",
      email: user?.email ?? "",
      allTicket: user?.allTicket === "enabled" ? "on" : "",
      queueIds: user?.queues.map((q) => String(q.id)) ?? [],
      maxOpenTickets: user?.maxOpenTickets == null ? "" : String(user.maxOpenTickets),
    },
    fields: FORM_FIELDS,
    codeFields: CODE_FIELDS,
    aliases: { queues: "queueIds" },
    async save(value) {
      const payload: UserPayload = { name: value.name, email: value.email };
      if (value.password) payload.password = value.password;
      if (value.password && self) payload.currentPassword = value.currentPassword;
      if (mayEditProfile) {
        payload.profile = value.profile ?? "user";
        payload.whatsappId = value.whatsappId ?? null;
        payload.allTicket = value.allTicket ? "enabled" : "disabled";
      }
      if (mayEditQueues) payload.queueIds = value.queueIds;
      if (mayEditCapacity) payload.maxOpenTickets = value.maxOpenTickets ?? null;
      const saved = user ? await updateUser(user.id, payload) : await createUser(payload);
      toast.success(t("users.saved"));
      onSaved(saved && typeof saved === "object" && "id" in saved ? saved : ({ ...user, ...payload } as UserRow));
      onClose();
    },
  });

  const queueIds = useQueueIdsControl(fields.queueIds);
  const err = (name: keyof typeof fields) => fields[name].errors?.[0];
  const profileOptions = PROFILES.map((p) => ({ value: p, label: t(`users.profiles.${p}`) }));
  const connectionOptions = [
    { value: NO_CONNECTION, label: t("users.dialog.whatsappNone") },
    ...options.connections.map((c) => ({ value: String(c.id), label: c.name })),
  ];
  const hint = passwordHint(t, mode === "edit" ? t("users.dialog.passwordEditHint") : undefined);

  return (
    <DialogForm form={form} saving={saving} editing={!!user} onCancel={onClose} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={fields.name.id} label={t("users.dialog.name")} error={err("name")}>
          <Input
            id={fields.name.id}
            name={fields.name.name}
            key={fields.name.key}
            defaultValue={fields.name.initialValue}
            autoComplete="off"
            autoFocus
            invalid={!!err("name")}
            aria-describedby={describedBy(fields.name.id, err("name"))}
          />
        </Field>
        <PasswordField field={fields.password} label={t("users.dialog.password")} hint={hint} autoComplete="new-password" />
        {self ? (
          <PasswordField
            field={fields.currentPassword}
            label={t("users.dialog.currentPassword")}
            hint={t("users.dialog.currentPasswordHint")}
            autoComplete="current-password"
            className="sm:col-span-2"
          />
        ) : null}
        <Field id={fields.email.id} label={t("users.dialog.email")} error={err("email")} className={mayEditProfile ? "" : "sm:col-span-2"}>
          <Input
            id={fields.email.id}
            name={fields.email.name}
            key={fields.email.key}
            type="email"
            defaultValue={fields.email.initialValue}
            autoComplete="off"
            invalid={!!err("email")}
            aria-describedby={describedBy(fields.email.id, err("email"))}
          />
        </Field>
        {mayEditProfile ? (
          <Field id={fields.profile.id} label={t("users.dialog.profile")} error={err("profile")}>
            <Select id={fields.profile.id} name={fields.profile.name} defaultValue={user?.profile ?? "user"} options={profileOptions} />
          </Field>
        ) : null}
        {mayEditQueues ? (
          <Field id={fields.queueIds.id} label={t("users.dialog.queues")} error={err("queueIds")} className="sm:col-span-2">
            <QueueSelect id={fields.queueIds.id} queues={options.queues} control={queueIds} loading={options.loading} />
          </Field>
        ) : null}
        {mayEditCapacity ? (
          <Field id={fields.maxOpenTickets.id} label={t("users.dialog.maxOpenTickets")} error={err("maxOpenTickets")} hint={err("maxOpenTickets") ? undefined : t("users.dialog.maxOpenTicketsHint")}>
            <Input
              id={fields.maxOpenTickets.id}
              name={fields.maxOpenTickets.name}
              key={fields.maxOpenTickets.key}
              defaultValue={fields.maxOpenTickets.initialValue}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_OPEN_TICKETS_LIMIT}
              step={1}
              placeholder={t("users.dialog.noLimit")}
              invalid={!!err("maxOpenTickets")}
              aria-describedby={describedBy(fields.maxOpenTickets.id, err("maxOpenTickets"), t("users.dialog.maxOpenTicketsHint"))}
              className="tabular-nums"
            />
          </Field>
        ) : null}
        {mayEditProfile ? (
          <>
            <Field id={fields.whatsappId.id} label={t("users.dialog.whatsapp")} error={err("whatsappId")}>
              <Select
                id={fields.whatsappId.id}
                name={fields.whatsappId.name}
                defaultValue={user?.whatsappId ? String(user.whatsappId) : NO_CONNECTION}
                options={connectionOptions}
                disabled={options.loading}
              />
            </Field>
            <div className="flex flex-col gap-1.5">
              <span id={`${fields.allTicket.id}-label`} className="text-sm font-medium">
                {t("users.dialog.allTicket")}
              </span>
              <div className="flex h-10 items-center gap-3">
                <SwitchInput meta={fields.allTicket} aria-describedby={`${fields.allTicket.id}-hint`} aria-label={t("users.dialog.allTicket")} />
                <span className="text-sm text-muted">{fields.allTicket.value === "on" ? t("common.enabled") : t("common.disabled")}</span>
              </div>
              <p id={`${fields.allTicket.id}-hint`} className="text-xs text-subtle">
                {t("users.dialog.allTicketHint")}
              </p>
            </div>
          </>
        ) : null}
    </DialogForm>
  );
}
