import { useState } from "react";
import { toastError } from "../../lib/errors";
import { toast } from "../../lib/toast";

/**
 * A row's delete, asked first: `ask(row)` opens the confirmation (spread `dialog` on a ConfirmDialog); confirming
 * deletes it, takes it off the list and says so. A refusal is toasted (or handled by `onError`) and the dialog
 * stays open for another try.
 */
export function useRowDeletion<T>(
  remove: (row: T) => Promise<unknown>,
  {
    onDeleted,
    success,
    tone = "success",
    onError = toastError,
  }: { onDeleted: (row: T) => void; success: string; tone?: "success" | "info"; onError?: (err: unknown) => void },
) {
  const [row, setRow] = useState<T | null>(null);
  const confirm = async () => {
    if (row === null) return;
    try {
      await remove(row);
      onDeleted(row);
      toast[tone](success);
    } catch (err) {
      onError(err);
      throw err;
    }
  };
  return {
    /** The row being asked about, while the confirmation is open. */
    row,
    ask: (target: T) => setRow(target),
    dialog: { open: row !== null, onOpenChange: (open: boolean) => !open && setRow(null), onConfirm: confirm },
  };
}
