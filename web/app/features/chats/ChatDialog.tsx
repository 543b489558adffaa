import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent, DialogFooter } from "../../components/ui/Dialog";
import { Field, Input } from "../../components/ui/Input";
import { useContractForm } from "../../components/form/useContractForm";
import { toast } from "../../lib/toast";
import { createChatInput } from "../../../../worker/contracts/chats";
import type { UserRef } from "../tickets/shared/types";
import { createChat, updateChat, type ChatView } from "./api";

/** Spec 002's alerts for a chat without a title or members. */
const CHAT_FORM_MESSAGES = { title: { required: "chats.dialog.titleRequired" }, users: { required: "chats.dialog.usersRequired" } };

/**
 * Creates or edits a group chat (spec 002's dialog): a title and at least one colleague, with the spec's alerts;
 * the rules are the server's (createChatInput). The owner is always a member and is not listed.
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={chat ? t("chats.dialog.editTitle") : t("chats.dialog.createTitle")} modalLock>
        <ChatForm chat={chat} colleagues={colleagues} userId={userId} onSaved={onSaved} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ChatForm({ chat, colleagues, userId, onSaved, onClose }: { chat: ChatView | null; colleagues: UserRef[]; userId: number; onSaved: (chat: ChatView) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const { form, fields, saving } = useContractForm({
    id: `chat-form-${chat?.id ?? "new"}`,
    schema: createChatInput,
    defaultValue: { title: chat?.title ?? "", users: chat ? chat.users.map((u) => String(u.userId)).filter((id) => id !== String(userId)) : [] },
    // The spec's alerts come when saving, not while typing.
    shouldValidate: "onSubmit",
    fields: ["title", "users"],
    messages: CHAT_FORM_MESSAGES,
    async save(value) {
      const saved = chat ? await updateChat(chat.id, value) : await createChat(value.title, value.users);
      toast.success(t("chats.saved"));
      onSaved(saved);
      onClose();
    },
  });
  const picked = new Set((fields.users.initialValue as string[] | undefined) ?? []);
  const titleError = fields.title.errors?.[0];
  const usersError = fields.users.errors?.[0];
  const matches = (u: UserRef) => u.name.toLocaleLowerCase().includes(filter.toLocaleLowerCase());

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate>
      <DialogBody className="space-y-4">
        <Field id={fields.title.id} label={t("chats.dialog.title")} error={titleError}>
          <Input
            id={fields.title.id}
            name={fields.title.name}
            key={fields.title.key}
            defaultValue={fields.title.initialValue}
            invalid={!!titleError}
            maxLength={120}
            autoComplete="off"
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("chats.dialog.users")}</legend>
          <Input aria-label={t("chats.dialog.filter")} placeholder={t("chats.dialog.filter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <ul className="max-h-56 overflow-y-auto rounded-lg border border-line">
            {colleagues
              .filter((u) => u.id !== userId)
              .map((u) => (
                // Filtered out is hidden, not removed: a checked colleague stays in the form.
                <li key={u.id} hidden={!matches(u)}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-surface-2">
                    <input type="checkbox" name={fields.users.name} value={u.id} defaultChecked={picked.has(String(u.id))} className="size-4 accent-[var(--brand)]" />
                    {u.name}
                  </label>
                </li>
              ))}
          </ul>
          {usersError ? (
            <p role="alert" className="text-sm text-danger">
              {usersError}
            </p>
          ) : null}
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t("chats.dialog.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {t("chats.dialog.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
