import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { Switch } from "../ui/Switch";

/**
 * A switch as a conform field: "on" when checked, absent when not (read by `z.boolean()`), so its state is the
 * form's, not the component's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's boolean field
export function SwitchInput({ meta, id = meta.id, disabled, ...aria }: { meta: FieldMetadata<boolean | undefined, any, string[]>; id?: string; disabled?: boolean; "aria-label"?: string; "aria-describedby"?: string }) {
  const control = useInputControl(meta);
  return <Switch id={id} checked={control.value === "on"} onCheckedChange={(on) => control.change(on ? "on" : "")} disabled={disabled} {...aria} />;
}
