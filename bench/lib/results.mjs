// bench/RESULTS.md holds the latest figures of every benchmark, one section each. A benchmark replaces only its
// own section (between <!-- bench:NAME --> and <!-- /bench:NAME -->) and leaves the others as they are.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "RESULTS.md");

const HEADER = `# Benchmark results

Latest figures of \`npm run bench\` (one section per benchmark in \`bench/\`; each run of a benchmark replaces its own
section). Figures depend on the machine and its load: read them with the conditions printed under each table.
`;

/** BENCH_NO_RESULTS=1: a trial run, its figures printed only. */
export function writeResultsSection(name, markdown, file = RESULTS_FILE) {
  if (process.env.BENCH_NO_RESULTS === "1") return;
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, "utf8") : HEADER;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) text = text.slice(0, from) + block + text.slice(to + end.length);
  else text = `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text.endsWith("\n") ? text : `${text}\n`);
}
