import { CircleHelp, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { Dialog, DialogBody, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Field, Input, textareaClasses } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { fieldErrorsFrom } from "../../lib/form-errors";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { createHelp, deleteHelp, listHelps, updateHelp, type Help } from "./api";

/** Ajuda (super users): the help videos everyone sees on /helps. */
export function HelpsTab() {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<Help[] | null>(null);
  const [editing, setEditing] = useState<Help | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Help | null>(null);

  useEffect(() => {
    listHelps()
      .then(setHelps)
      .catch((err) => {
        setHelps([]);
        toastError(err);
      });
  }, []);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button
          className="w-full sm:w-auto"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden />
          {t("platform.helps.add")}
        </Button>
      </div>
      <div className="overflow-auto rounded-xl border border-line">
        {helps && helps.length === 0 ? (
          <EmptyState icon={CircleHelp} title={t("platform.helps.empty")} />
        ) : (
          <Table>
            <THead>
              <Tr className="hover:bg-transparent">
                <Th>{t("platform.helps.columns.title")}</Th>
                <Th className="hidden md:table-cell">{t("platform.helps.columns.video")}</Th>
                <Th className="text-right">{t("platform.helps.columns.actions")}</Th>
              </Tr>
            </THead>
            <TBody>
              {!helps ? (
                <Tr aria-hidden>
                  <Td colSpan={3}>
                    <Skeleton className="h-6 w-full" />
                  </Td>
                </Tr>
              ) : (
                helps.map((h) => (
                  <Tr key={h.id}>
                    <Td className="max-w-0 w-full">
                      <p className="truncate font-medium">{h.title}</p>
                      <p className="truncate text-xs text-muted">{h.description}</p>
                    </Td>
                    <Td className="hidden font-mono text-xs md:table-cell">{h.video}</Td>
                    <Td className="text-right whitespace-nowrap">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t("platform.helps.edit", { title: h.title })}
                        onClick={() => {
                          setEditing(h);
                          setDialogOpen(true);
                        }}
                      >
                        <Pencil className="size-4" aria-hidden />
                      </Button>
                      <Button variant="ghost" size="icon-sm" aria-label={t("platform.helps.delete", { title: h.title })} onClick={() => setDeleting(h)}>
                        <Trash2 className="size-4" aria-hidden />
                      </Button>
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
        )}
      </div>
      <HelpDialog
        open={dialogOpen}
        help={editing}
        onOpenChange={setDialogOpen}
        onSaved={(saved) => setHelps((cur) => (cur?.some((h) => h.id === saved.id) ? cur.map((h) => (h.id === saved.id ? saved : h)) : [...(cur ?? []), saved]))}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("platform.helps.deleteTitle", { title: deleting?.title ?? "" })}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteHelp(deleting.id);
            setHelps((cur) => cur?.filter((h) => h.id !== deleting.id) ?? null);
            toast.success(t("platform.deleted"));
          } catch (err) {
            toastError(err);
            throw err;
          }
        }}
      />
    </div>
  );
}

function HelpDialog({ open, help, onOpenChange, onSaved }: { open: boolean; help: Help | null; onOpenChange: (open: boolean) => void; onSaved: (help: Help) => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [video, setVideo] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(help?.title ?? "");
    setDescription(help?.description ?? "");
    setVideo(help?.video ?? "");
    setErrors({});
  }, [open, help]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = t("validation.required");
    if (!video.trim()) found.video = t("validation.required");
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const input = { title: title.trim(), description: description.trim(), video: video.trim() };
      const saved = help ? await updateHelp(help.id, input) : await createHelp(input);
      toast.success(t("platform.saved"));
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      const byField = fieldErrorsFrom(err, t, ["title", "description", "video"]);
      if (byField) {
        const next = Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v[0]!]));
        if (next.video) next.video = t("platform.helps.videoInvalid");
        setErrors(next);
      } else toast.error(t("platform.helps.saveFailed"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={help ? t("platform.helps.dialogEdit") : t("platform.helps.dialogCreate")} modalLock>
        <form onSubmit={submit} noValidate>
          <DialogBody className="space-y-4">
            <Field id="help-title" label={t("platform.helps.title")} error={errors.title}>
              <Input id="help-title" value={title} onChange={(e) => setTitle(e.target.value)} invalid={!!errors.title} maxLength={200} />
            </Field>
            <Field id="help-video" label={t("platform.helps.video")} error={errors.video}>
              <Input id="help-video" value={video} onChange={(e) => setVideo(e.target.value)} invalid={!!errors.video} placeholder="https://youtu.be/…" maxLength={300} />
            </Field>
            <Field id="help-description" label={t("platform.helps.description")} error={errors.description}>
              <textarea id="help-description" value={description} onChange={(e) => setDescription(e.target.value)} className={textareaClasses} rows={3} maxLength={2000} />
            </Field>
          </DialogBody>
          <FormDialogFooter saving={saving} editing={!!help} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
