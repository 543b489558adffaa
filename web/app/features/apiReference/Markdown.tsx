import { Fragment, type ReactNode } from "react";
import { CodeBlock } from "./CodeBlock";

/**
 * The little Markdown the OpenAPI document's descriptions use (openapi.ts writes them): "## " headings, paragraphs,
 * "- " lists, fenced code and `inline code`. Rendered as React elements, never as HTML. A heading's id is its text
 * ("## Authentication" → #authentication), so other pages can link to it.
 */
export function Markdown({ text, headingLevel = 3 }: { text: string; headingLevel?: 2 | 3 | 4 }) {
  const blocks: ReactNode[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      blocks.push(<CodeBlock key={blocks.length} code={code.join("\n")} />);
    } else if (line.startsWith("## ")) {
      const Heading = `h${headingLevel}` as const;
      blocks.push(
        <Heading key={blocks.length} id={slug(line.slice(3))} className="scroll-mt-20 pt-2 text-sm font-semibold text-fg">
          {line.slice(3)}
        </Heading>,
      );
      i++;
    } else if (line.startsWith("- ")) {
      const items: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith("- "); i++) items.push(lines[i]!.slice(2));
      blocks.push(
        <ul key={blocks.length} className="list-disc space-y-1 pl-5">
          {items.map((item, n) => (
            <li key={n}>
              <Inline text={item} />
            </li>
          ))}
        </ul>,
      );
    } else if (line.trim() === "") {
      i++;
    } else {
      const paragraph: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && !/^(## |- |```)/.test(lines[i]!); i++) paragraph.push(lines[i]!);
      blocks.push(
        <p key={blocks.length}>
          <Inline text={paragraph.join(" ")} />
        </p>,
      );
    }
  }
  return <div className="flex flex-col gap-2 text-sm leading-relaxed text-fg">{blocks}</div>;
}

/** Text with `inline code`. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, n) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          <code key={n} className="rounded bg-surface-3 px-1 py-0.5 font-mono text-[0.8em] break-words">
            {part.slice(1, -1)}
          </code>
        ) : (
          <Fragment key={n}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
