import { useInputControl } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTagToContactListInput } from "../../../../worker/contracts/contactLists";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { Field } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { listTags } from "../tickets/shared/api";
import type { TagRef } from "../tickets/shared/types";
import { addTagToContactList } from "./api";
import "./texts";

/** Adds to a list the contacts whose tickets carry a tag. */
export function AddTagDialog({ open, onOpenChange, contactListId }: { open: boolean; onOpenChange: (open: boolean) => void; contactListId: number }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<TagRef[] | null>(null);
  useEffect(() => {
    if (open && !tags) listTags().then(setTags).catch(toastError);
  }, [open, tags]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("contactLists.items.addTagTitle")} size="sm">
        {open ? <AddTagForm contactListId={contactListId} tags={tags ?? []} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddTagForm({ contactListId, tags, onClose }: { contactListId: number; tags: TagRef[]; onClose: () => void }) {
  const { t } = useTranslation();
  // The contract's field: the select's text is read as the tag's id.
  const { form, fields, saving } = useContractForm({
    id: `contact-list-add-tag-${contactListId}`,
    schema: addTagToContactListInput,
    fields: ["tagId"],
    async save({ tagId }) {
      const added = await addTagToContactList(contactListId, tagId);
      toast.success(t("contactLists.items.tagAdded", { count: added.imported, updated: added.updated }));
      onClose();
    },
  });
  const tagId = useInputControl({ name: fields.tagId.name, formId: form.id });
  const chosen = typeof tagId.value === "string" && tagId.value ? tagId.value : undefined;
  return (
    <DialogForm form={form} saving={saving} editing={false} onCancel={onClose} submitLabel={t("contactLists.items.addTagSubmit")} submitDisabled={!chosen} className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t("contactLists.items.addTagHint")}</p>
        <Field id={fields.tagId.id} label={t("contactLists.items.tag")} error={fields.tagId.errors?.[0]}>
          <Select
            id={fields.tagId.id}
            value={chosen}
            onValueChange={tagId.change}
            placeholder={t("contactLists.items.tagPlaceholder")}
            options={tags.map((tag) => ({
              value: String(tag.id),
              label: (
                <span className="inline-flex items-center gap-2">
                  <span className="size-2.5 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
                  {tag.name}
                </span>
              ),
            }))}
          />
        </Field>
    </DialogForm>
  );
}
