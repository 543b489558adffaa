import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "outline" | "dangerOutline";
export type ButtonSize = "sm" | "md" | "icon" | "icon-sm";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-brand-fg hover:bg-brand-strong shadow-sm",
  secondary: "bg-surface-3 text-fg hover:bg-line-strong/70",
  ghost: "text-muted hover:bg-surface-3 hover:text-fg",
  danger: "bg-danger text-danger-fg hover:brightness-95 shadow-sm",
  outline: "border border-line-strong bg-surface text-fg hover:bg-surface-2",
  /** A destructive action that opens its confirmation: red words, not a red block (the block is the confirmation's). */
  dangerOutline: "border border-danger/40 bg-surface text-danger hover:bg-danger/10",
};

// On phones (under sm) every size is at least 44 px high, what a finger needs (issue 29).
const sizes: Record<ButtonSize, string> = {
  sm: "h-8 max-sm:h-11 px-3 text-sm gap-1.5",
  md: "h-10 max-sm:h-11 px-4 text-sm gap-2",
  icon: "size-10 max-sm:size-11 justify-center",
  "icon-sm": "size-8 max-sm:size-11 justify-center",
};

/** The button look, for links and triggers that are not <Button>. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cn(
    "inline-flex shrink-0 select-none items-center justify-center font-medium whitespace-nowrap transition-colors",
    "disabled:pointer-events-none disabled:opacity-50",
    variants[variant],
    sizes[size],
    size.startsWith("icon") ? "rounded-full" : "rounded-lg",
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading = false, className, children, disabled, type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
});
