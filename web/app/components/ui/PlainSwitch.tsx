import { cn } from "./cn";
import type { SwitchProps } from "./Switch";

/**
 * The switch of a control outside any form (a filter, a setting applied at once), without Radix's code: the same
 * markup and look as Switch (a button with role switch, aria-checked and data-state, and its thumb). Inside a form,
 * use Switch, whose hidden input takes part in the form's events.
 */
export function PlainSwitch({ className, checked = false, onCheckedChange, disabled, ...props }: Omit<SwitchProps, "name" | "defaultChecked" | "checked"> & { checked: boolean }) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      value="on"
      {...props}
      onClick={() => onCheckedChange?.(!checked)}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
        // Phones: a 44 px high target around the same 24 px pill (the padding is not painted).
        "max-sm:h-11 max-sm:bg-clip-content max-sm:py-2",
        "bg-line-strong data-[state=checked]:bg-brand disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
    >
      <span data-state={state} className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </button>
  );
}
