import { useTranslation } from "react-i18next";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { toast } from "../../lib/toast";
import { TOO_SHORT } from "../../../../worker/contracts/fieldMessages";
import { contactListInput, createContactListItemInput } from "../../../../worker/contracts/contactLists";
import { createContactList, createContactListItem, updateContactList, updateContactListItem } from "./api";
import type { ContactListItemRow, ContactListRow } from "./types";
import "./texts";

/** The API's rules (spec 002: names 2-50, numbers 8-50, a valid email); the page also counts a number's digits. */
const itemFormSchema = createContactListItemInput.pick({ name: true, number: true, email: true }).extend({
  number: createContactListItemInput.shape.number.refine((v) => v.replace(/\D/g, "").length >= 8, TOO_SHORT),
});

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
  const { form, fields, saving } = useContractForm({
    id: `contact-list-form-${list?.id ?? "new"}`,
    schema: contactListInput,
    defaultValue: { name: list?.name ?? "" },
    shouldValidate: "onSubmit",
    fields: ["name"],
    async save({ name }) {
      onSaved(list ? await updateContactList(list.id, name) : await createContactList(name));
      toast.success(t("contactLists.saved"));
      onClose();
    },
  });
  const error = fields.name.errors?.[0];
  return (
    <DialogForm form={form} saving={saving} editing={!!list} onCancel={onClose} className="">
      <Field id={fields.name.id} label={t("contactLists.dialog.name")} error={error}>
        <Input id={fields.name.id} name={fields.name.name} key={fields.name.key} defaultValue={fields.name.initialValue} autoFocus invalid={!!error} aria-describedby={describedBy(fields.name.id, error)} />
      </Field>
    </DialogForm>
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
  const { form, fields, saving } = useContractForm({
    id: `contact-list-item-form-${item?.id ?? "new"}`,
    schema: itemFormSchema,
    defaultValue: { name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" },
    shouldValidate: "onSubmit",
    fields: ["name", "number", "email"],
    async save(payload) {
      onSaved(item ? await updateContactListItem(item.id, payload) : await createContactListItem(contactListId, payload));
      toast.success(t("contactLists.items.saved"));
      onClose();
    },
  });
  const field = (name: "name" | "number" | "email", type = "text") => {
    const meta = fields[name];
    const error = meta.errors?.[0];
    return (
      <Field id={meta.id} label={t(`contactLists.items.dialog.${name}`)} error={error}>
        <Input
          id={meta.id}
          name={meta.name}
          key={meta.key}
          type={type}
          defaultValue={meta.initialValue}
          autoFocus={name === "name"}
          inputMode={name === "number" ? "tel" : undefined}
          invalid={!!error}
          aria-describedby={describedBy(meta.id, error)}
        />
      </Field>
    );
  };
  return (
    <DialogForm form={form} saving={saving} editing={!!item} onCancel={onClose}>
      {field("name")}
      {field("number", "tel")}
      {field("email", "email")}
    </DialogForm>
  );
}
