import { Plus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DialogForm } from "../../components/form/DialogForm";
import { SwitchInput } from "../../components/form/SwitchInput";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { toast } from "../../lib/toast";
import { createContact, updateContact } from "./api";
import { contactFormSchema } from "./schema";
import type { ContactPayload, ContactRow } from "./types";
import "./texts";

/** Inputs that can carry a server error (extra-info rows by their conform names). */
const isFormField = (name: string) => ["name", "number", "email", "disableBot", "extraInfo"].includes(name) || /^extraInfo\[\d+\]\.(name|value)$/.test(name);

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact being edited; absent to add one. */
  contact?: ContactRow | null;
  onSaved: (contact: ContactRow) => void;
}

export function ContactDialog({ open, onOpenChange, contact, onSaved }: ContactDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={contact ? t("contacts.dialog.editTitle") : t("contacts.dialog.addTitle")} size="lg" modalLock>
        <ContactForm contact={contact ?? null} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ContactForm({ contact, onSaved, onClose }: { contact: ContactRow | null; onSaved: (contact: ContactRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `contact-form-${contact?.id ?? "new"}`,
    schema: contactFormSchema,
    defaultValue: {
      disableBot: contact?.disableBot ?? false,
      name: contact?.name ?? "",
      number: contact?.number ?? "",
      email: contact?.email ?? "",
      extraInfo: (contact?.extraInfo ?? []).map((e) => ({ name: e.name, value: e.value })),
    },
    fields: isFormField,
    codeFields: { ERR_DUPLICATED_CONTACT: "number" },
    async save(value) {
      const { name, number, email, disableBot, extraInfo } = value;
      const payload: ContactPayload = { name, number, email, disableBot, extraInfo };
      const saved = contact ? await updateContact(contact.id, payload) : await createContact(payload);
      toast.success(t("contacts.saved"));
      onSaved(saved);
      onClose();
    },
  });

  const err = (name: "name" | "number" | "email") => fields[name].errors?.[0];
  const extraRows = fields.extraInfo.getFieldList();

  // A row just added gets the focus, so keyboard users can type its name straight away.
  const extraList = useRef<HTMLDivElement>(null);
  const previousCount = useRef(extraRows.length);
  useEffect(() => {
    if (extraRows.length > previousCount.current) {
      extraList.current?.querySelector<HTMLInputElement>("[data-extra-row]:last-of-type input")?.focus();
    }
    previousCount.current = extraRows.length;
  }, [extraRows.length]);

  return (
    <DialogForm form={form} saving={saving} editing={!!contact} onCancel={onClose} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={fields.name.id} label={t("contacts.dialog.name")} error={err("name")}>
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
        <Field id={fields.number.id} label={t("contacts.dialog.number")} error={err("number")} hint={err("number") ? undefined : t("contacts.dialog.numberHint")}>
          <Input
            id={fields.number.id}
            name={fields.number.name}
            key={fields.number.key}
            defaultValue={fields.number.initialValue}
            inputMode="tel"
            autoComplete="off"
            placeholder="5511999998888"
            invalid={!!err("number")}
            aria-describedby={describedBy(fields.number.id, err("number"), t("contacts.dialog.numberHint"))}
          />
        </Field>
        <Field id={fields.email.id} label={t("contacts.dialog.email")} error={err("email")} className="sm:col-span-2">
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
        <div className="flex items-center justify-between gap-4 rounded-xl border border-line bg-surface-2 px-4 py-3 sm:col-span-2">
          <div className="min-w-0">
            <label htmlFor={fields.disableBot.id} className="text-sm font-medium">
              {t("contacts.dialog.disableBot")}
            </label>
            <p id={`${fields.disableBot.id}-hint`} className="text-xs text-subtle">
              {t("contacts.dialog.disableBotHint")}
            </p>
          </div>
          <SwitchInput meta={fields.disableBot} aria-describedby={`${fields.disableBot.id}-hint`} />
        </div>

        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-medium">
            {t("contacts.dialog.extraInfo")}
          </legend>
          <div ref={extraList} className="flex flex-col gap-2">
            {extraRows.length === 0 ? <p className="text-xs text-subtle">{t("contacts.dialog.extraInfoEmpty")}</p> : null}
            {extraRows.map((row, index) => {
              const item = row.getFieldset();
              const nameError = item.name.errors?.[0];
              const valueError = item.value.errors?.[0];
              return (
                <div key={row.key} data-extra-row className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto]">
                  <div className="flex flex-col gap-1">
                    <Input
                      id={item.name.id}
                      name={item.name.name}
                      key={item.name.key}
                      defaultValue={item.name.initialValue}
                      placeholder={t("contacts.dialog.extraName")}
                      aria-label={t("contacts.dialog.extraNameOf", { index: index + 1 })}
                      invalid={!!nameError}
                      aria-describedby={nameError ? `${item.name.id}-error` : undefined}
                    />
                    {nameError ? (
                      <p id={`${item.name.id}-error`} role="alert" className="text-xs font-medium text-danger">
                        {nameError}
                      </p>
                    ) : null}
                  </div>
                  <div className="order-3 col-span-2 flex flex-col gap-1 sm:order-none sm:col-span-1">
                    <Input
                      id={item.value.id}
                      name={item.value.name}
                      key={item.value.key}
                      defaultValue={item.value.initialValue}
                      placeholder={t("contacts.dialog.extraValue")}
                      aria-label={t("contacts.dialog.extraValueOf", { index: index + 1 })}
                      invalid={!!valueError}
                      aria-describedby={valueError ? `${item.value.id}-error` : undefined}
                    />
                    {valueError ? (
                      <p id={`${item.value.id}-error`} role="alert" className="text-xs font-medium text-danger">
                        {valueError}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => form.remove({ name: fields.extraInfo.name, index })}
                    aria-label={t("contacts.dialog.removeExtra", { index: index + 1 })}
                    title={t("contacts.dialog.removeExtraShort")}
                    className="hover:text-danger"
                  >
                    <X className="size-4" aria-hidden />
                  </Button>
                </div>
              );
            })}
          </div>
          <Button variant="outline" size="sm" className="self-start" onClick={() => form.insert({ name: fields.extraInfo.name, defaultValue: { name: "", value: "" } })}>
            <Plus className="size-4" aria-hidden />
            {t("contacts.dialog.addExtra")}
          </Button>
        </fieldset>
    </DialogForm>
  );
}
