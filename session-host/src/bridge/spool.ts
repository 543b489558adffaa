import { createReadStream } from "node:fs";
import { type FileHandle, mkdir, open, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import readline from "node:readline";
import { type BridgeEvent, bridgeEvent } from "../../../worker/contracts/bridge";
import type { EventSink, EventSinkStats } from "../events/sink";
import { consoleLogger, type Logger } from "../log";
import type { ProviderEvent } from "../providers/provider";
import { backoffDelay, sleep } from "./backoff";
import { BridgeCallError } from "./workerClient";

/**
 * The durable spool between the provider and the worker: every event is appended to a journal file and fsynced
 * before it counts as recorded, then delivered to the worker in order, in batches, at least once.
 *
 * Files in the state directory:
 *   spool.jsonl        one `{"s":seq,"e":event}` per line; the delivered prefix is cut off as the worker acknowledges
 *   spool.acked        the last delivered seq, so a crash before the cut does not redeliver (much)
 *   dead-letter.jsonl  events the worker refused (validation) or that cannot be read: kept for a person, counted as dropped
 *
 * A refused batch (400/413/422, or 404 ERR_NO_WAPP_FOUND) is split in halves until the one refused event is found and quarantined, so a
 * poison event never blocks the events behind it. Anything else (worker down, 5xx, 401) is retried with
 * exponential backoff and jitter, the same batch again, in order.
 */

export type Deliver = (events: BridgeEvent[], signal: AbortSignal) => Promise<unknown>;

export interface SpoolOptions {
  dir: string;
  deliver: Deliver;
  maxBatchEvents?: number;
  maxBatchBytes?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Rewrite the journal once this many delivered bytes sit at its head (when it is not empty anyway). */
  compactAfterBytes?: number;
  /** Whether a delivery failure is the worker refusing the content (split and quarantine) rather than a transient failure. */
  isRefusal?: (err: unknown) => boolean;
  logger?: Logger;
  random?: () => number;
  /** Called with each batch once the worker has taken it (the simulator network's provider acknowledges then). */
  onDelivered?: (events: BridgeEvent[]) => void;
}

export interface SpoolHealth {
  /** Consecutive failed deliveries (0 while the worker takes them). */
  failures: number;
  lastError: string | null;
}

interface Entry {
  seq: number;
  offset: number;
  /** Line length without its newline. */
  bytes: number;
}

const JOURNAL = "spool.jsonl";
const ACKED = "spool.acked";
const DEAD_LETTER = "dead-letter.jsonl";

/**
 * The worker refusing the content: invalid (400/422), too large (413), or about a connection it no longer has
 * (404 ERR_NO_WAPP_FOUND; a bare 404 may be a worker without the route yet, so that one is retried).
 */
export const defaultIsRefusal = (err: unknown) =>
  err instanceof BridgeCallError &&
  (err.status === 400 || err.status === 413 || err.status === 422 || (err.status === 404 && err.code === "ERR_NO_WAPP_FOUND"));

export class Spool implements EventSink {
  private readonly dir: string;
  private readonly deliver: Deliver;
  private readonly maxBatchEvents: number;
  private readonly maxBatchBytes: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly compactAfterBytes: number;
  private readonly isRefusal: (err: unknown) => boolean;
  private readonly logger: Logger;
  private readonly random: () => number;
  private readonly onDelivered: ((events: BridgeEvent[]) => void) | undefined;

  private handle: FileHandle | null = null;
  private fileSize = 0;
  /** Durable, undelivered entries are queue[head..]; they are a contiguous tail of the journal. */
  private queue: Entry[] = [];
  private head = 0;
  /** Recorded in memory, not yet written. */
  private pending: { seq: number; line: string }[] = [];
  private nextSeq = 1;
  private ackedSeq = 0;
  private counters = { recorded: 0, delivered: 0, dropped: 0 };
  private batchLimit: number;
  private failures = 0;
  private lastError: string | null = null;

  /** File operations run one at a time: appends, reads, cuts and rewrites never interleave. */
  private io: Promise<unknown> = Promise.resolve();
  private writing: Promise<void> | null = null;
  private loop: Promise<void> | null = null;
  private closing = false;
  private closed = false;
  private readonly stopSignal = new AbortController();
  private retryNow = new AbortController();
  private wakeLoop: (() => void) | null = null;
  private drainedWaiters: (() => void)[] = [];

  private constructor(options: SpoolOptions) {
    this.dir = options.dir;
    this.deliver = options.deliver;
    this.maxBatchEvents = options.maxBatchEvents ?? 100;
    this.maxBatchBytes = options.maxBatchBytes ?? 5 * 1024 * 1024;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
    this.isRefusal = options.isRefusal ?? defaultIsRefusal;
    this.logger = options.logger ?? consoleLogger;
    this.random = options.random ?? Math.random;
    this.onDelivered = options.onDelivered;
    this.batchLimit = this.maxBatchEvents;
  }

  /** Opens (or recovers) the journal in `dir` and starts delivering what it holds, oldest first. */
  static async open(options: SpoolOptions): Promise<Spool> {
    const spool = new Spool(options);
    await spool.recover();
    spool.loop = spool.run();
    return spool;
  }

  // ---- EventSink ----

  record(event: ProviderEvent): void {
    if (this.closing) {
      this.counters.dropped++;
      this.logger.error(`spool: an event arrived after shutdown began and is lost (${event.type}, connection ${event.connectionId})`);
      return;
    }
    const parsed = bridgeEvent.safeParse(event);
    if (!parsed.success) {
      // The worker would refuse it too; keep it for a person instead of sending it.
      this.counters.dropped++;
      const reason = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      this.logger.error(`spool: a ${event.type} event of connection ${event.connectionId} breaks the bridge contract and goes to the dead letters (${reason})`);
      void this.exclusive(() => this.appendDeadLetter({ reason: "invalid", error: reason, event })).catch((err) =>
        this.logger.error("spool: could not write a dead letter", err),
      );
      return;
    }
    const seq = this.nextSeq++;
    this.pending.push({ seq, line: JSON.stringify({ s: seq, e: parsed.data }) });
    this.writing ??= this.writePending().finally(() => {
      this.writing = null;
    });
  }

  stats(): EventSinkStats {
    return { ...this.counters, spooled: this.undelivered() + this.pending.length };
  }

  health(): SpoolHealth {
    return { failures: this.failures, lastError: this.lastError };
  }

  /** Resolves once every event recorded so far is on disk. */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * Waits (at most `timeoutMs`) for everything recorded to reach the worker, retrying at once rather than after
   * the current backoff. Answers whether the spool is empty; what is left stays on disk for the next start.
   */
  async flush(timeoutMs = 5_000): Promise<boolean> {
    await this.settled();
    if (this.undelivered() === 0) return true;
    this.retryNow.abort();
    const drained = new Promise<void>((resolve) => this.drainedWaiters.push(resolve));
    const deadline = new AbortController();
    await Promise.race([drained, sleep(timeoutMs, deadline.signal)]);
    deadline.abort();
    return this.undelivered() === 0 && this.pending.length === 0;
  }

  /** Stops delivering (cancelling a call in flight), after writing what was recorded. Undelivered events stay on disk. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.settled();
    this.stopSignal.abort();
    this.wakeLoop?.();
    await this.loop;
    await this.exclusive(async () => {
      await this.handle?.close();
      this.handle = null;
    });
    this.closed = true;
  }

  // ---- recovery ----

  private async recover() {
    await mkdir(this.dir, { recursive: true });
    this.ackedSeq = Number.parseInt(await readFile(this.file(ACKED), "utf8").catch(() => "0"), 10) || 0;
    let maxSeq = this.ackedSeq;
    const journal = this.file(JOURNAL);
    const size = await stat(journal).then(
      (s) => s.size,
      () => -1,
    );
    // Rewrite the journal with only what is still to deliver: drops the delivered prefix and a torn last line.
    const tmp = `${journal}.tmp`;
    const out = await open(tmp, "w");
    const dead: object[] = [];
    let offset = 0;
    let chunk: string[] = [];
    let chunkBytes = 0;
    const flushChunk = async () => {
      if (!chunk.length) return;
      await writeAll(out, Buffer.from(chunk.join(""), "utf8"));
      chunk = [];
      chunkBytes = 0;
    };
    if (size > 0) {
      const endsWithNewline = await lastByteIsNewline(journal, size);
      const lines = readline.createInterface({ input: createReadStream(journal, { encoding: "utf8" }), crlfDelay: Infinity });
      let read = 0;
      for await (const line of lines) {
        read += Buffer.byteLength(line, "utf8") + 1;
        if (line.trim() === "") continue;
        const torn = read > size && !endsWithNewline;
        let record: { s?: unknown; e?: unknown } | undefined;
        try {
          record = JSON.parse(line) as { s?: unknown; e?: unknown };
        } catch {
          record = undefined;
        }
        const seq = typeof record?.s === "number" && Number.isSafeInteger(record.s) ? record.s : undefined;
        if (seq === undefined) {
          // An unfinished last write was never fsynced, so it never counted as recorded: not a loss.
          if (torn) this.logger.warn("spool: ignoring an unfinished last line in the journal (the process stopped while writing it)");
          else dead.push({ reason: "unreadable", line: line.slice(0, 65_536) });
          continue;
        }
        maxSeq = Math.max(maxSeq, seq);
        if (seq <= this.ackedSeq) continue;
        const event = bridgeEvent.safeParse(record!.e);
        if (!event.success) {
          dead.push({ reason: "invalid", seq, error: event.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), event: record!.e });
          continue;
        }
        const bytes = Buffer.byteLength(line, "utf8");
        this.queue.push({ seq, offset, bytes });
        offset += bytes + 1;
        chunk.push(`${line}\n`);
        chunkBytes += bytes + 1;
        if (chunkBytes > 1024 * 1024) await flushChunk();
      }
    }
    await flushChunk();
    await out.datasync();
    await out.close();
    await rename(tmp, journal);
    await syncDir(this.dir);
    this.fileSize = offset;
    this.nextSeq = maxSeq + 1;
    this.handle = await open(journal, "a+");
    for (const letter of dead) await this.appendDeadLetter(letter);
    this.counters.dropped += dead.length;
    if (dead.length) this.logger.error(`spool: ${dead.length} unreadable journal line(s) moved to ${DEAD_LETTER}`);
    if (this.queue.length) this.logger.info(`spool: ${this.queue.length} undelivered event(s) from before the restart are delivered first`);
  }

  // ---- writing ----

  private async writePending(): Promise<void> {
    // Events emitted in the same tick share one write and one fsync.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pending.length) {
      const batch = this.pending.splice(0);
      try {
        await this.exclusive(async () => {
          const handle = this.requireHandle();
          const buf = Buffer.from(batch.map((b) => `${b.line}\n`).join(""), "utf8");
          try {
            await writeAll(handle, buf);
            await handle.datasync();
          } catch (err) {
            // Cut off a partial write so that the next append starts on a line of its own.
            await handle.truncate(this.fileSize).catch(() => {});
            throw err;
          }
          let offset = this.fileSize;
          for (const { seq, line } of batch) {
            const bytes = Buffer.byteLength(line, "utf8");
            this.queue.push({ seq, offset, bytes });
            offset += bytes + 1;
          }
          this.fileSize = offset;
        });
      } catch (err) {
        if (this.closing) {
          this.counters.dropped += batch.length + this.pending.length;
          this.logger.error(`spool: shutting down and ${batch.length + this.pending.length} event(s) could not be written; they are lost`, err);
          this.pending = [];
          return;
        }
        this.pending.unshift(...batch);
        this.logger.error(`spool: could not write ${batch.length} event(s) to ${this.file(JOURNAL)}; retrying`, err);
        await sleep(1_000);
        continue;
      }
      this.counters.recorded += batch.length;
      this.wakeLoop?.();
    }
  }

  // ---- delivery ----

  private async run(): Promise<void> {
    while (!this.stopSignal.signal.aborted) {
      if (this.undelivered() === 0) {
        for (const resolve of this.drainedWaiters.splice(0)) resolve();
        await new Promise<void>((resolve) => (this.wakeLoop = resolve));
        this.wakeLoop = null;
        continue;
      }
      const entries = this.takeBatch();
      let events: (BridgeEvent | undefined)[];
      try {
        events = await this.exclusive(() => this.read(entries));
      } catch (err) {
        this.logger.error("spool: could not read the journal; retrying", err);
        await this.pause();
        continue;
      }
      const unreadable = events.findIndex((e) => e === undefined);
      if (unreadable >= 0) {
        await this.quarantine(entries[unreadable]!, undefined, "unreadable");
        continue;
      }
      try {
        await this.deliver(events as BridgeEvent[], this.stopSignal.signal);
      } catch (err) {
        if (this.stopSignal.signal.aborted) break;
        if (this.isRefusal(err)) {
          if (entries.length > 1) {
            this.batchLimit = Math.ceil(entries.length / 2);
            continue;
          }
          await this.quarantine(entries[0]!, events[0], describe(err), err);
          this.batchLimit = this.maxBatchEvents;
          continue;
        }
        this.failures++;
        this.lastError = describe(err);
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.logger.warn(`spool: delivery failed ${this.failures} time(s), ${this.undelivered()} event(s) waiting: ${this.lastError}`);
        }
        await this.pause(backoffDelay(this.failures, this.retryBaseMs, this.retryMaxMs, this.random));
        continue;
      }
      if (this.failures > 0) this.logger.info(`spool: the worker takes events again after ${this.failures} failed attempt(s)`);
      this.failures = 0;
      this.lastError = null;
      // Grows back after a split, once the refused event is behind us.
      this.batchLimit = Math.min(this.maxBatchEvents, this.batchLimit * 2);
      this.counters.delivered += entries.length;
      try {
        this.onDelivered?.(events as BridgeEvent[]);
      } catch (err) {
        this.logger.error("spool: the delivered-events hook failed", err);
      }
      await this.remove(entries);
    }
  }

  private takeBatch(): Entry[] {
    const batch: Entry[] = [];
    let bytes = 0;
    for (let i = this.head; i < this.queue.length && batch.length < this.batchLimit; i++) {
      const entry = this.queue[i]!;
      if (batch.length > 0 && bytes + entry.bytes > this.maxBatchBytes) break;
      batch.push(entry);
      bytes += entry.bytes;
    }
    return batch;
  }

  /** The events of contiguous entries, in one read; undefined for a line that does not parse. */
  private async read(entries: Entry[]): Promise<(BridgeEvent | undefined)[]> {
    const first = entries[0]!;
    const last = entries.at(-1)!;
    const length = last.offset + last.bytes - first.offset;
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.requireHandle().read(buf, done, length - done, first.offset + done);
      if (bytesRead === 0) throw new Error("the journal is shorter than its index");
      done += bytesRead;
    }
    return entries.map((entry) => {
      try {
        const record = JSON.parse(buf.toString("utf8", entry.offset - first.offset, entry.offset - first.offset + entry.bytes)) as { s: number; e: BridgeEvent };
        return record.s === entry.seq ? record.e : undefined;
      } catch {
        return undefined;
      }
    });
  }

  private async quarantine(entry: Entry, event: BridgeEvent | undefined, error: string, err?: unknown) {
    const fields = err instanceof BridgeCallError ? err.fields : undefined;
    const status = err instanceof BridgeCallError ? err.status : undefined;
    this.logger.error(
      `spool: the worker refused event #${entry.seq}${event ? ` (${event.type}, connection ${event.connectionId})` : ""}; it goes to ${DEAD_LETTER}: ${error}`,
    );
    try {
      await this.exclusive(() => this.appendDeadLetter({ reason: event ? "refused" : "unreadable", seq: entry.seq, status, error, fields, event }));
    } catch (e) {
      this.logger.error("spool: could not write a dead letter", e);
    }
    this.counters.dropped++;
    await this.remove([entry]);
  }

  /** Forgets delivered (or quarantined) entries at the head: records the seq, then cuts or rewrites the journal. */
  private async remove(entries: Entry[]) {
    this.head += entries.length;
    this.ackedSeq = entries.at(-1)!.seq;
    if (this.head > 10_000 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    try {
      await writeFile(this.file(ACKED), String(this.ackedSeq));
      await this.exclusive(async () => {
        if (this.undelivered() === 0) {
          await this.requireHandle().truncate(0);
          this.fileSize = 0;
          this.queue = [];
          this.head = 0;
        } else if (this.queue[this.head]!.offset >= this.compactAfterBytes) {
          await this.compact();
        }
      });
    } catch (err) {
      // The journal still holds delivered events: a restart skips them thanks to spool.acked, or redelivers them.
      this.logger.warn("spool: could not trim the journal", err);
    }
    if (this.undelivered() === 0) for (const resolve of this.drainedWaiters.splice(0)) resolve();
  }

  /** Copies the undelivered tail of the journal into a new file (inside exclusive()). */
  private async compact() {
    const base = this.queue[this.head]!.offset;
    const journal = this.file(JOURNAL);
    const tmp = `${journal}.tmp`;
    const out = await open(tmp, "w");
    try {
      const buf = Buffer.alloc(1024 * 1024);
      for (let pos = base; pos < this.fileSize; ) {
        const { bytesRead } = await this.requireHandle().read(buf, 0, Math.min(buf.length, this.fileSize - pos), pos);
        if (bytesRead === 0) throw new Error("the journal is shorter than expected");
        await writeAll(out, buf.subarray(0, bytesRead));
        pos += bytesRead;
      }
      await out.datasync();
    } finally {
      await out.close();
    }
    await rename(tmp, journal);
    await syncDir(this.dir);
    await this.requireHandle().close();
    this.handle = await open(journal, "a+");
    this.queue = this.queue.slice(this.head).map((e) => ({ ...e, offset: e.offset - base }));
    this.head = 0;
    this.fileSize -= base;
  }

  private async appendDeadLetter(letter: object) {
    const handle = await open(this.file(DEAD_LETTER), "a");
    try {
      await writeAll(handle, Buffer.from(`${JSON.stringify({ at: new Date().toISOString(), ...letter })}\n`, "utf8"));
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  // ---- helpers ----

  private undelivered() {
    return this.queue.length - this.head;
  }

  /** Waits before a retry; flush() cuts the wait short once. */
  private async pause(ms = this.retryBaseMs) {
    if (!this.retryNow.signal.aborted) await sleep(ms, AbortSignal.any([this.stopSignal.signal, this.retryNow.signal]));
    if (this.retryNow.signal.aborted) this.retryNow = new AbortController();
  }

  private exclusive<T>(op: () => Promise<T>): Promise<T> {
    const run = this.io.then(op);
    this.io = run.catch(() => {});
    return run;
  }

  private requireHandle(): FileHandle {
    if (!this.handle) throw new Error(this.closed ? "the spool is closed" : "the spool is not open");
    return this.handle;
  }

  private file(name: string) {
    return path.join(this.dir, name);
  }
}

async function writeAll(handle: FileHandle, buf: Buffer) {
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await handle.write(buf, done, buf.length - done, null);
    done += bytesWritten;
  }
}

async function lastByteIsNewline(file: string, size: number) {
  const handle = await open(file, "r");
  try {
    const buf = Buffer.alloc(1);
    await handle.read(buf, 0, 1, size - 1);
    return buf[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable. */
async function syncDir(dir: string) {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on a directory; the rename is then as durable as they make it.
  } finally {
    await handle.close();
  }
}

function describe(err: unknown): string {
  if (err instanceof BridgeCallError) return `${err.status || "unreachable"} ${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
