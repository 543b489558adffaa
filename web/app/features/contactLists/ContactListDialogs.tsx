import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { ApiError } from "../../lib/api";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { createContactList, createContactListItem, updateContactList, updateContactListItem } from "./api";
import type { ContactListItemRow, ContactListRow } from "./types";
import "./texts";

type FieldErrors = Record<string, string | undefined>;

/** Spec 002's rules, in the user's language: names 2-50, numbers 8-50, a valid email. */
function useRules() {
  const { t } = useTranslation();
  return {
    name: (v: string) => (!v.trim() ? t("validation.required") : v.trim().length < 2 ? t("validation.tooShort") : v.trim().length > 50 ? t("validation.tooLong") : undefined),
    number: (v: string) => (!v.trim() ? t("validation.required") : v.trim().length < 8 || v.replace(/\D/g, "").length < 8 ? t("validation.tooShort") : v.trim().length > 50 ? t("validation.tooLong") : undefined),
    email: (v: string) => (v.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? t("validation.invalidEmail") : undefined),
    /** A field the server refused that the page did not catch: "Valor inválido", never the API's English. */
    server: (err: unknown, fields: string[]): FieldErrors | null => {
      if (!(err instanceof ApiError)) return null;
      const found = fields.filter((f) => err.fields[f]);
      return found.length ? Object.fromEntries(found.map((f) => [f, t("validation.invalid")])) : null;
    },
  };
}

/** Add or rename a contact list. */
export function ContactListDialog({ open, onOpenChange, list, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; list: ContactListRow | null; onSaved: (list: ContactListRow) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={list ? t("contactLists.dialog.editTitle") : t("contactLists.dialog.addTitle")} size="sm" modalLock>
        {open ? <ListForm list={list} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ListForm({ list, onSaved, onClose }: { list: ContactListRow | null; onSaved: (list: ContactListRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const id = useId();
  const [name, setName] = useState(list?.name ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { name: rules.name(name) };
    setErrors(found);
    if (found.name) return;
    setSaving(true);
    try {
      onSaved(list ? await updateContactList(list.id, name.trim()) : await createContactList(name.trim()));
      toast.success(t("contactLists.saved"));
      onClose();
    } catch (err) {
      const fields = rules.server(err, ["name"]);
      if (fields) setErrors(fields);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody>
        <Field id={`${id}-name`} label={t("contactLists.dialog.name")} error={errors.name}>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoFocus invalid={!!errors.name} aria-describedby={describedBy(`${id}-name`, errors.name)} />
        </Field>
      </DialogBody>
      <FormDialogFooter saving={saving} editing={!!list} onCancel={onClose} />
    </form>
  );
}

/** Add or edit one contact of a list. */
export function ContactListItemDialog({
  open,
  onOpenChange,
  contactListId,
  item,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contactListId: number;
  item: ContactListItemRow | null;
  onSaved: (item: ContactListItemRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={item ? t("contactLists.items.dialog.editTitle") : t("contactLists.items.dialog.addTitle")} size="sm" modalLock>
        {open ? <ItemForm contactListId={contactListId} item={item} onSaved={onSaved} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ItemForm({ contactListId, item, onSaved, onClose }: { contactListId: number; item: ContactListItemRow | null; onSaved: (item: ContactListItemRow) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const id = useId();
  const [values, setValues] = useState({ name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { name: rules.name(values.name), number: rules.number(values.number), email: rules.email(values.email) };
    setErrors(found);
    if (found.name || found.number || found.email) return;
    setSaving(true);
    try {
      const payload = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim() };
      onSaved(item ? await updateContactListItem(item.id, payload) : await createContactListItem(contactListId, payload));
      toast.success(t("contactLists.items.saved"));
      onClose();
    } catch (err) {
      const fields = rules.server(err, ["name", "number", "email"]);
      if (fields) setErrors(fields);
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };
  const field = (name: "name" | "number" | "email", type = "text") => (
    <Field id={`${id}-${name}`} label={t(`contactLists.items.dialog.${name}`)} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        type={type}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        autoFocus={name === "name"}
        inputMode={name === "number" ? "tel" : undefined}
        invalid={!!errors[name]}
        aria-describedby={describedBy(`${id}-${name}`, errors[name])}
      />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <DialogBody className="flex flex-col gap-4">
        {field("name")}
        {field("number", "tel")}
        {field("email", "email")}
      </DialogBody>
      <FormDialogFooter saving={saving} editing={!!item} onCancel={onClose} />
    </form>
  );
}
