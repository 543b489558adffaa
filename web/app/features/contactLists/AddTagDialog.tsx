import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
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
  const id = useId();
  const [tags, setTags] = useState<TagRef[] | null>(null);
  const [tagId, setTagId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open && !tags) listTags().then(setTags).catch(toastError);
  }, [open, tags]);
  const submit = async () => {
    if (!tagId) return;
    setSaving(true);
    try {
      const added = await addTagToContactList(contactListId, Number(tagId));
      toast.success(t("contactLists.items.tagAdded", { count: added.imported, updated: added.updated }));
      onOpenChange(false);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("contactLists.items.addTagTitle")} size="sm">
        <DialogBody className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t("contactLists.items.addTagHint")}</p>
          <Field id={`${id}-tag`} label={t("contactLists.items.tag")}>
            <Select
              id={`${id}-tag`}
              value={tagId}
              onValueChange={setTagId}
              placeholder={t("contactLists.items.tagPlaceholder")}
              options={(tags ?? []).map((tag) => ({
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
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            {t("common.cancel")}
          </Button>
          <Button onClick={submit} loading={saving} disabled={!tagId}>
            {t("contactLists.items.addTagSubmit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
