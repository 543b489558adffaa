import type { FormEventHandler, ReactNode } from "react";
import { DialogBody, FormDialogFooter } from "../ui/Dialog";

/**
 * The body and footer of a form dialog on conform (see useContractForm): the fields in a column, then Cancel and
 * "Salvar" (editing) or "Adicionar" (or the form's own `submitLabel`), both waiting while it saves. Goes inside
 * DialogContent.
 */
export function DialogForm({
  form,
  saving,
  editing,
  onCancel,
  submitLabel,
  submitDisabled,
  className = "flex flex-col gap-4",
  children,
}: {
  form: { id: string; onSubmit: FormEventHandler<HTMLFormElement> };
  saving: boolean;
  editing: boolean;
  onCancel: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="contents">
      <DialogBody className={className}>{children}</DialogBody>
      <FormDialogFooter saving={saving} editing={editing} onCancel={onCancel} submitLabel={submitLabel} submitDisabled={submitDisabled} />
    </form>
  );
}
