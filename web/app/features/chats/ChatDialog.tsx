import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input } from "../../components/ui/Input";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import type { UserRef } from "../tickets/shared/types";
import { createChat, updateChat, type ChatView } from "./api";

/**
 * Creates or edits a group chat (spec 002's dialog): a title and at least one colleague, with the spec's alerts;
 * the server checks the same. The owner is always a member and is not listed.
 */
export function ChatDialog({
  open,
  onOpenChange,
  chat,
  colleagues,
  userId,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chat: ChatView | null;
  colleagues: UserRef[];
  userId: number;
  onSaved: (chat: ChatView) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [picked, setPicked] = useState<number[]>([]);
  const [filter, setFilter] = useState("");
  const [errors, setErrors] = useState<{ title?: string; users?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? "");
    setPicked(chat ? chat.users.map((u) => u.userId).filter((id) => id !== userId) : []);
    setFilter("");
    setErrors({});
  }, [open, chat, userId]);

  const others = colleagues.filter((u) => u.id !== userId && u.name.toLocaleLowerCase().includes(filter.toLocaleLowerCase()));
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      title: title.trim() ? undefined : t("chats.dialog.titleRequired"),
      users: picked.length ? undefined : t("chats.dialog.usersRequired"),
    };
    setErrors(next);
    if (next.title || next.users) return;
    setSaving(true);
    try {
      const saved = chat ? await updateChat(chat.id, { title: title.trim(), users: picked }) : await createChat(title.trim(), picked);
      toast.success(t("chats.saved"));
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      toast.error(errorMessage(err, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={chat ? t("chats.dialog.editTitle") : t("chats.dialog.createTitle")} modalLock>
        <form onSubmit={submit} noValidate>
          <DialogBody className="space-y-4">
            <Field id="chat-title" label={t("chats.dialog.title")} error={errors.title}>
              <Input id="chat-title" value={title} onChange={(e) => setTitle(e.target.value)} invalid={!!errors.title} maxLength={120} autoComplete="off" />
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("chats.dialog.users")}</legend>
              <Input aria-label={t("chats.dialog.filter")} placeholder={t("chats.dialog.filter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
              <ul className="max-h-56 overflow-y-auto rounded-lg border border-line">
                {others.map((u) => (
                  <li key={u.id}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-surface-2">
                      <input type="checkbox" className="size-4 accent-[var(--brand)]" checked={picked.includes(u.id)} onChange={() => toggle(u.id)} />
                      {u.name}
                    </label>
                  </li>
                ))}
              </ul>
              {errors.users ? (
                <p role="alert" className="text-sm text-danger">
                  {errors.users}
                </p>
              ) : null}
            </fieldset>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("chats.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={saving}>
              {t("chats.dialog.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
