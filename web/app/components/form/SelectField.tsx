import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { describedBy, Field } from "../ui/Input";
import { Select } from "../ui/Select";

/**
 * A labelled select as a conform field (one value of a list: an agent, a queue, a template), its error under it;
 * `onPicked` hears each choice (a template's parameters follow it).
 */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
  onPicked,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's text field
  meta: FieldMetadata<string | undefined, any, string[]>;
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
  onPicked?: (value: string) => void;
}) {
  const control = useInputControl(meta);
  const error = meta.errors?.[0];
  const value = typeof control.value === "string" && control.value !== "" ? control.value : undefined;
  return (
    <Field id={meta.id} label={label} error={error}>
      <Select
        id={meta.id}
        value={value}
        onValueChange={(next) => {
          control.change(next);
          onPicked?.(next);
        }}
        options={options}
        placeholder={placeholder}
        invalid={!!error}
        aria-describedby={describedBy(meta.id, error)}
      />
    </Field>
  );
}
