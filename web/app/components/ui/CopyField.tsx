import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "../../lib/toast";
import { Button } from "./Button";
import { Input } from "./Input";

/** A read-only value with a copy button (a token shown once, a URL to paste elsewhere); selectable without clipboard access. */
export function CopyField({ value, label, copyLabel, copiedMessage, id }: { value: string; label: string; copyLabel: string; copiedMessage: string; id?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      // no clipboard permission: the field is selectable
    }
  };
  return (
    <div className="flex gap-2">
      <Input id={id} readOnly value={value} aria-label={id ? undefined : label} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
      <Button type="button" variant="outline" size="icon" onClick={copy} aria-label={copyLabel} title={copyLabel}>
        {copied ? <Check className="size-4 text-brand-text" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      </Button>
    </div>
  );
}
