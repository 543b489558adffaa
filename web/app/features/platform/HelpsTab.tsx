import { CircleHelp, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { helpInput, helpVideo } from "../../../../worker/contracts/helps";
import { DialogForm } from "../../components/form/DialogForm";
import { useContractForm } from "../../components/form/useContractForm";
import { ListTable, RowActions, useRowDeletion, useWholeList, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Dialog, DialogContent } from "../../components/ui/Dialog";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Spinner";
import { toast } from "../../lib/toast";
import { createHelp, deleteHelp, listHelps, updateHelp, type Help } from "./api";

/** Ajuda (super users): the help videos everyone sees on /helps. */
export function HelpsTab() {
  const { t } = useTranslation();
  const list = useWholeList<Help>(listHelps);
  const [editing, setEditing] = useState<Help | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: Help) => deleteHelp(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("platform.deleted"),
  });
  const open = (help: Help | null) => {
    setEditing(help);
    setDialogOpen(true);
  };
  const columns: Column<Help>[] = [
    {
      header: t("platform.helps.columns.title"),
      cellClassName: "max-w-0 w-full",
      skeleton: <Skeleton className="h-4 w-48" />,
      cell: (h) => (
        <>
          <p className="truncate font-medium">{h.title}</p>
          <p className="truncate text-xs text-muted">{h.description}</p>
        </>
      ),
    },
    { header: t("platform.helps.columns.video"), className: "hidden md:table-cell", cellClassName: "font-mono text-xs", cell: (h) => h.video },
    {
      header: t("platform.helps.columns.actions"),
      className: "text-right",
      cellClassName: "pl-0",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (h) => <RowActions name={h.title} onEdit={() => open(h)} onDelete={() => deletion.ask(h)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button className="w-full sm:w-auto" onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden />
          {t("platform.helps.add")}
        </Button>
      </div>
      <div className="overflow-auto rounded-xl border border-line">
        <ListTable rows={list.items} columns={columns} loaded={list.loaded} loadingMore={false} skeletonRows={2} empty={{ icon: CircleHelp, title: t("platform.helps.empty") }} />
      </div>
      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <DialogContent title={editing ? t("platform.helps.dialogEdit") : t("platform.helps.dialogCreate")} modalLock>
          <HelpForm help={editing} onSaved={(saved) => list.upsert(saved)} onClose={() => setDialogOpen(false)} />
        </DialogContent>
      </Dialog>
      <ConfirmDialog {...deletion.dialog} title={t("platform.helps.deleteTitle", { title: deletion.row?.title ?? "" })} />
    </div>
  );
}

/** The contract's rules; a video that is no YouTube link or code says so in the form's own words. */
const helpFormSchema = helpInput.extend({ video: helpVideo("platform.helps.videoInvalid") });

function HelpForm({ help, onSaved, onClose }: { help: Help | null; onSaved: (help: Help) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, fields, saving } = useContractForm({
    id: `help-form-${help?.id ?? "new"}`,
    schema: helpFormSchema,
    defaultValue: { title: help?.title ?? "", description: help?.description ?? "", video: help?.video ?? "" },
    shouldValidate: "onSubmit",
    fields: ["title", "description", "video"],
    async save(input) {
      const saved = help ? await updateHelp(help.id, input) : await createHelp(input);
      toast.success(t("platform.saved"));
      onSaved(saved);
      onClose();
    },
  });
  const error = (name: "title" | "description" | "video") => fields[name].errors?.[0];
  return (
    <DialogForm form={form} saving={saving} editing={!!help} onCancel={onClose} className="space-y-4">
      <Field id={fields.title.id} label={t("platform.helps.title")} error={error("title")}>
        <Input id={fields.title.id} name={fields.title.name} key={fields.title.key} defaultValue={fields.title.initialValue} invalid={!!error("title")} maxLength={200} />
      </Field>
      <Field id={fields.video.id} label={t("platform.helps.video")} error={error("video")}>
        <Input
          id={fields.video.id}
          name={fields.video.name}
          key={fields.video.key}
          defaultValue={fields.video.initialValue}
          invalid={!!error("video")}
          placeholder="https://youtu.be/…"
          maxLength={300}
        />
      </Field>
      <Field id={fields.description.id} label={t("platform.helps.description")} error={error("description")}>
        <textarea
          id={fields.description.id}
          name={fields.description.name}
          key={fields.description.key}
          defaultValue={fields.description.initialValue}
          className={textareaClasses}
          rows={3}
          maxLength={2000}
        />
      </Field>
    </DialogForm>
  );
}
