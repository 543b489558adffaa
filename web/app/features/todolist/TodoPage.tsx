import { ListTodo, Pencil, Plus, Save, Trash2, X } from "lucide-react";
import { useRef, useState } from "react";
import { z } from "zod";
import { useTranslation } from "react-i18next";
import { useContractForm } from "../../components/form/useContractForm";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Input } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Spinner";
import { useCompanyTime } from "../../lib/useCompanyTime";
import { ZoneNote } from "../../components/ui/ZoneNote";
import { addTodo, editTodo, removeTodo, useTodos } from "./store";

/** The page's own rule (the list lives in this browser): a non-blank line of at most 500 characters. */
const todoFormSchema = z.object({ text: z.string().trim().min(1).max(500) });

export function TodoPage() {
  const { t } = useTranslation();
  const clock = useCompanyTime();
  const { items, update } = useTodos();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const { form, fields } = useContractForm({
    id: "todo-form",
    schema: todoFormSchema,
    fields: ["text"],
    // The button stays disabled while blank, so there is nothing to say on blur.
    shouldValidate: "onSubmit",
    save({ text: value }) {
      update((list) => (editing === null ? addTodo(list, value) : editTodo(list, editing, value)));
      // The form's own reset: conform's form.reset() is a submission, which the browser drops inside this one.
      input.current?.form?.reset();
      setEditing(null);
      input.current?.focus();
    },
  });
  const text = fields.text;
  const startEdit = (index: number) => {
    setEditing(index);
    form.update({ name: text.name, value: items?.[index]?.text ?? "" });
    input.current?.focus();
  };
  const cancelEdit = () => {
    setEditing(null);
    form.reset();
  };

  return (
    <PageFrame className="max-w-3xl">
      <PageHeader title={t("todolist.title")} count={items?.length} />
      <ZoneNote className="-mt-2 mb-3" />
      <Card className="p-4">
        <form id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row">
          <Input
            // No key: conform's update and reset set this element's value in place, so it keeps its focus.
            ref={input}
            name={text.name}
            defaultValue={text.initialValue}
            placeholder={t("todolist.placeholder")}
            aria-label={t("todolist.placeholder")}
            maxLength={500}
          />
          <div className="flex gap-2">
            {editing !== null ? (
              <Button variant="outline" onClick={cancelEdit} aria-label={t("todolist.cancelEdit")} title={t("todolist.cancelEdit")}>
                <X className="size-4" aria-hidden />
              </Button>
            ) : null}
            <Button type="submit" disabled={!text.value?.trim()} className="flex-1 sm:flex-none">
              {editing !== null ? <Save className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />}
              {editing !== null ? t("todolist.save") : t("todolist.add")}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        {items === null ? (
          <div className="flex flex-col gap-3 p-4" aria-busy>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={ListTodo} title={t("todolist.empty")} description={t("todolist.emptyHint")} />
        ) : (
          <ul className="divide-y divide-line">
            {items.map((item, index) => (
              <li
                key={`${item.createdAt}-${index}`}
                className={`flex items-start gap-3 px-4 py-3 ${editing === index ? "bg-brand-soft/60" : ""}`}
              >
                <span className="mt-2 size-2 shrink-0 rounded-full bg-brand" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words whitespace-pre-wrap">{item.text}</p>
                  <p className="mt-0.5 text-xs text-subtle">
                    {item.updatedAt !== item.createdAt
                      ? t("common.updatedAt", { date: clock.dateTime(item.updatedAt) })
                      : t("common.createdAt", { date: clock.dateTime(item.createdAt) })}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="icon-sm" onClick={() => startEdit(index)} aria-label={t("todolist.editItem")} title={t("todolist.editItem")}>
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => setDeleting(index)}
                    aria-label={t("todolist.deleteItem")}
                    title={t("todolist.deleteItem")}
                    className="hover:text-danger"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("todolist.deleteItem")}
        onConfirm={() => {
          if (deleting === null) return;
          update((list) => removeTodo(list, deleting));
          if (editing === deleting) cancelEdit();
          else if (editing !== null && deleting < editing) setEditing(editing - 1);
        }}
      />
    </PageFrame>
  );
}
