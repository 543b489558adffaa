/** A block of code or JSON, scrolling sideways rather than widening the page (390 px phones). */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  return (
    <pre aria-label={label} className="max-h-96 max-w-full overflow-auto rounded-lg bg-surface-3 p-3 font-mono text-xs whitespace-pre text-fg">
      {code}
    </pre>
  );
}

export const json = (value: unknown) => JSON.stringify(value, null, 2);
