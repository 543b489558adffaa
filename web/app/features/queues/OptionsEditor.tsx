import { CheckCheck, ListTree, Paperclip, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { deleteQueueOption } from "./api";
import { OptionForm } from "./OptionForm";
import { appendOption, descendantCount, optionPath, renumberedIds, replaceOption } from "./tree";
import type { QueueOptionNode } from "./types";
import "./texts";

/** How long renumbered options stay marked after a delete. */
const RENUMBER_FLASH_MS = 4000;

/** Where the one open editor is: a new option under a parent (null: top level), or an existing option. */
type Editing = { kind: "new"; parentId: number | null } | { kind: "edit"; id: number } | null;

/**
 * The queue's automatic menu as a nested tree (spec 002): add, add below, edit (title, message, attachment) and
 * delete with confirmation. Every change is saved at once, and says so: the queue dialog's Save and Cancel are about
 * the queue's own fields. After a delete the server renumbers the siblings and the new numbers are marked for a moment.
 */
export function OptionsEditor({ queueId, options, onChange }: { queueId: number; options: QueueOptionNode[]; onChange: (options: QueueOptionNode[]) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ node: QueueOptionNode; path: string; hasNext: boolean } | null>(null);
  const [flash, setFlash] = useState<Set<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const saved = (node: QueueOptionNode, created: boolean, parentId: number | null) => {
    onChange(created ? appendOption(options, parentId, node) : replaceOption(options, node));
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { options: next } = await deleteQueueOption(deleting.node.id);
      const changed = renumberedIds(options, next);
      onChange(next);
      const message = changed.size > 0 ? t("queues.options.renumbered") : t("queues.options.deleted");
      toast.success(message);
      setAnnouncement(message);
      setFlash(changed);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setFlash(new Set()), RENUMBER_FLASH_MS);
      if (editing?.kind === "edit" && editing.id === deleting.node.id) setEditing(null);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const renderLevel = (nodes: QueueOptionNode[], parentPath: string, parentId: number | null, depth: number) => (
    <ol className={cn("flex flex-col gap-2", depth > 0 && "mt-2 border-l-2 border-line pl-2 sm:pl-4")}>
      {nodes.map((node, index) => {
        const path = optionPath(parentPath, node.option);
        const isEditing = editing?.kind === "edit" && editing.id === node.id;
        const marked = flash.has(node.id);
        return (
          <li key={node.id} data-testid={`queue-option-${path}`}>
            {isEditing ? (
              <OptionForm
                queueId={queueId}
                parentId={parentId}
                option={node}
                heading={t("queues.options.editOption", { path, title: node.title })}
                onSaved={(n) => saved(n, false, parentId)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <div
                className={cn(
                  "flex items-start gap-2 rounded-xl border border-line bg-surface-2 px-2.5 py-2 transition-shadow sm:gap-3 sm:px-3",
                  marked && "ring-2 ring-brand/60",
                )}
              >
                <span
                  className={cn(
                    "mt-0.5 inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-md px-1.5 text-xs font-bold tabular-nums",
                    marked ? "bg-brand text-brand-fg" : "bg-brand-soft text-brand-text",
                  )}
                  aria-label={path}
                >
                  {path}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium break-words">
                    <span className="min-w-0">{node.title}</span>
                    {node.mediaName ? (
                      <span className="inline-flex max-w-full items-center gap-1 text-xs font-normal text-subtle">
                        <Paperclip className="size-3 shrink-0" aria-hidden />
                        <span className="truncate">{node.mediaName}</span>
                      </span>
                    ) : null}
                    {marked ? <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-normal text-brand-text">{t("queues.options.renumberedBadge")}</span> : null}
                  </p>
                  {node.message ? <p className="mt-0.5 line-clamp-2 text-xs whitespace-pre-line text-muted">{node.message}</p> : null}
                  {node.children.length > 0 ? <p className="mt-0.5 text-xs text-subtle">{t("queues.options.subOptions", { count: descendantCount(node) })}</p> : null}
                </div>
                <div className="flex shrink-0 items-center">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => setEditing({ kind: "edit", id: node.id })}
                    aria-label={t("queues.options.editOption", { path, title: node.title })}
                    title={t("queues.options.edit")}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => setEditing({ kind: "new", parentId: node.id })}
                    aria-label={t("queues.options.addChildTo", { path, title: node.title })}
                    title={t("queues.options.addChild")}
                  >
                    <Plus className="size-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => setDeleting({ node, path, hasNext: index < nodes.length - 1 })}
                    aria-label={t("queues.options.deleteOption", { path, title: node.title })}
                    title={t("common.delete")}
                    className="hover:text-danger"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </div>
              </div>
            )}
            {node.children.length > 0 || (editing?.kind === "new" && editing.parentId === node.id)
              ? renderChildren(node, path, depth)
              : null}
          </li>
        );
      })}
    </ol>
  );

  const renderChildren = (node: QueueOptionNode, path: string, depth: number) => (
    <>
      {node.children.length > 0 ? renderLevel(node.children, path, node.id, depth + 1) : null}
      {editing?.kind === "new" && editing.parentId === node.id ? (
        <div className="mt-2 border-l-2 border-line pl-2 sm:pl-4">
          <OptionForm
            queueId={queueId}
            parentId={node.id}
            option={null}
            heading={t("queues.options.newOption", { path: optionPath(path, String(nextOrdinal(node.children))) })}
            onSaved={(n) => saved(n, true, node.id)}
            onCancel={() => setEditing(null)}
          />
        </div>
      ) : null}
    </>
  );

  const deletingChildren = deleting ? descendantCount(deleting.node) : 0;
  return (
    <section aria-labelledby="queue-options-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h3 id="queue-options-title" className="flex items-center gap-2 text-sm font-semibold">
            <ListTree className="size-4 text-subtle" aria-hidden />
            {t("queues.options.title")}
          </h3>
          <p className="text-xs text-subtle">{t("queues.options.hint")}</p>
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted">
            <CheckCheck className="size-3.5 shrink-0 text-brand" aria-hidden />
            {t("queues.options.savedAtOnce")}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing({ kind: "new", parentId: null })} disabled={editing?.kind === "new" && editing.parentId === null}>
          <Plus className="size-4" aria-hidden />
          {t("queues.options.add")}
        </Button>
      </div>
      {options.length === 0 && !(editing?.kind === "new" && editing.parentId === null) ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-5 text-center text-sm text-muted">{t("queues.options.empty")}</p>
      ) : null}
      {options.length > 0 ? renderLevel(options, "", null, 0) : null}
      {editing?.kind === "new" && editing.parentId === null ? (
        <OptionForm
          queueId={queueId}
          parentId={null}
          option={null}
          heading={t("queues.options.newOption", { path: String(nextOrdinal(options)) })}
          onSaved={(n) => saved(n, true, null)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t("queues.options.deleteTitle", { path: deleting.path, title: deleting.node.title }) : ""}
        message={
          deleting
            ? [
                t("queues.options.deleteMessage"),
                deletingChildren > 0 ? t("queues.options.deleteChildren", { count: deletingChildren }) : "",
                deleting.hasNext ? t("queues.options.deleteRenumber") : "",
              ]
                .filter(Boolean)
                .join(" ")
            : ""
        }
        onConfirm={confirmDelete}
      />
    </section>
  );
}

/** The number the server will give a new option after these siblings. */
function nextOrdinal(siblings: QueueOptionNode[]): number {
  return siblings.reduce((max, o) => Math.max(max, Number(o.option) || 0), 0) + 1;
}
