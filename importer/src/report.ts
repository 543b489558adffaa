// The report file: one JSON line per row left out (table, source key, reason), and the run's notes.
import { createWriteStream, type WriteStream } from "node:fs";

export class Report {
  private out: WriteStream | null;
  readonly counts = new Map<string, number>();

  constructor(path: string | undefined) {
    this.out = path ? createWriteStream(path, { flags: "a" }) : null;
  }

  skip(company: number | null, table: string, key: unknown, reason: string) {
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    this.out?.write(`${JSON.stringify({ company, table, key, reason })}\n`);
  }

  note(company: number | null, note: string) {
    this.out?.write(`${JSON.stringify({ company, note })}\n`);
  }

  async close() {
    const out = this.out;
    if (!out) return;
    await new Promise<void>((resolve) => out.end(resolve));
  }
}
