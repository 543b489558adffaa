import { Eye, EyeOff } from "lucide-react";
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";

export const inputClasses =
  "h-10 max-sm:h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg placeholder:text-subtle " +
  "transition-colors focus:border-brand focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-brand/25 " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus:ring-danger/20";

/** A multi-line text input that looks like the others and grows by hand. */
export const textareaClasses = cn(inputClasses.replace("h-10 max-sm:h-11 ", ""), "min-h-20 resize-y py-2 leading-relaxed");

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, invalid, ...props }, ref) {
  // After the spread: form helpers may pass aria-invalid undefined, which must not hide our own error state.
  return <input ref={ref} {...props} aria-invalid={invalid || props["aria-invalid"] || undefined} className={cn(inputClasses, className)} />;
});

/** A password input with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, "type">>(function PasswordInput(
  { className, ...props },
  ref,
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? "text" : "password"} className={cn("pr-10 max-sm:pr-11", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t("common.hidePassword") : t("common.showPassword")}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 max-sm:w-11 items-center justify-center rounded-r-lg text-subtle hover:text-fg"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
});

export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A label, a control, and its hint or error underneath (the error is announced). */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a control inside <Field>. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** What a password field needs of a conform field (its metadata). */
interface FormFieldMeta {
  id: string;
  name: string;
  key?: string;
  errors?: string[];
}

/** A form's password field: the label, the input with its show/hide toggle, and its hint or error. */
export function PasswordField({
  field,
  label,
  hint,
  autoComplete,
  className,
}: {
  field: FormFieldMeta;
  label: ReactNode;
  hint?: string;
  autoComplete: "current-password" | "new-password";
  className?: string;
}) {
  const error = field.errors?.[0];
  return (
    <Field id={field.id} label={label} error={error} hint={hint} className={className}>
      <PasswordInput
        id={field.id}
        name={field.name}
        key={field.key}
        autoComplete={autoComplete}
        invalid={!!error}
        aria-describedby={describedBy(field.id, error, hint)}
      />
    </Field>
  );
}
