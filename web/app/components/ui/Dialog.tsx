import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { Button } from "./Button";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" };

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  children: ReactNode;
  className?: string;
  /** Stop closing on outside clicks (forms with unsaved input). */
  modalLock?: boolean;
  /** Where the focus goes on close; by default back to what opened the dialog. */
  onCloseAutoFocus?: (event: Event) => void;
  /** "side": a drawer over the right of the page (a row's details), the whole width on phones. */
  placement?: "center" | "side";
}

/** What a dialog's focus lands on first: its first field, rather than the close button of its title bar. */
const FIELD =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button[role=combobox]:not([disabled])';

function focusFirstField(event: Event) {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIELD);
  if (!field) return; // no field: Radix focuses the first focusable element
  event.preventDefault();
  field.focus();
}

/** A centred dialog (or a side drawer) with a title bar and a close button; on phones it takes the full width. */
export function DialogContent({ title, description, size = "md", children, className, modalLock, onCloseAutoFocus, placement = "center" }: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay animate-fade-in" />
      <DialogPrimitive.Content
        onPointerDownOutside={modalLock ? (e) => e.preventDefault() : undefined}
        onOpenAutoFocus={focusFirstField}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { "aria-describedby": undefined })}
        className={cn(
          placement === "side"
            ? "fixed inset-y-0 right-0 z-50 flex w-full flex-col border-l border-line bg-surface text-fg shadow-panel animate-fade-in focus:outline-none sm:max-w-xl"
            : cn(
                "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
                "rounded-2xl border border-line bg-surface text-fg shadow-panel animate-pop-in focus:outline-none",
                widths[size],
              ),
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <div className="min-w-0">
            <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-muted">{description}</DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            aria-label={t("common.close")}
            className="-mr-2 -mt-1 inline-flex size-8 max-sm:size-11 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("flex-1 overflow-y-auto px-5 py-4", className)}>{children}</div>;
}

export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end", className)}>
      {children}
    </div>
  );
}

/**
 * The footer of a form dialog: Cancel (closes) and the submit button, "Salvar" when editing, "Adicionar" when
 * adding, or the form's own `submitLabel` ("Agendar"); both wait while it saves.
 */
export function FormDialogFooter({
  saving,
  editing,
  onCancel,
  submitLabel,
  submitDisabled,
}: {
  saving: boolean;
  editing: boolean;
  onCancel: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" loading={saving} disabled={submitDisabled}>
        {submitLabel ?? (editing ? t("common.save") : t("common.add"))}
      </Button>
    </DialogFooter>
  );
}
