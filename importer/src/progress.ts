// A progress bar per table (cli-progress multibar) with rows per second; plain lines when not on a terminal.
import cliProgress from "cli-progress";

export interface TableBar {
  add(rows: number): void;
  done(): void;
}

export class Progress {
  private multi: cliProgress.MultiBar | null;

  constructor(private log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
    this.multi = process.stderr.isTTY
      ? new cliProgress.MultiBar(
          {
            format: "{table} [{bar}] {value}/{total} rows · {rate} rows/s",
            hideCursor: true,
            clearOnComplete: false,
            stopOnComplete: false,
            stream: process.stderr,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  }

  bar(label: string, total: number, start: number): TableBar {
    const table = label.padEnd(28);
    const began = Date.now();
    let done = start;
    const bar = this.multi?.create(Math.max(total, start), start, { table, rate: "0" });
    const rate = () => Math.round(((done - start) * 1000) / Math.max(1, Date.now() - began)).toString();
    return {
      add: (rows) => {
        done += rows;
        bar?.update(done, { table, rate: rate() });
      },
      done: () => {
        if (bar) bar.update(done, { table, rate: rate() });
        else this.log(`${label}: ${done} rows, ${rate()} rows/s`);
      },
    };
  }

  line(text: string) {
    if (this.multi) this.multi.log(`${text}\n`);
    else this.log(text);
  }

  stop() {
    this.multi?.stop();
  }
}
