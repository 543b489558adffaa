import type { ProviderEvent } from "../providers/provider";

/**
 * Where provider events go. With the bridge on it is the durable spool (bridge/spool.ts), which delivers them to
 * the worker; without a worker (SESSION_HOST_BRIDGE=off) it is the RecordingSink below, and nothing is delivered.
 */
export interface EventSink {
  record(event: ProviderEvent): void;
  stats(): EventSinkStats;
}

export interface EventSinkStats {
  /** Events handed to the sink since start (for the spool: durably written). */
  recorded: number;
  /** Events the worker acknowledged since start. */
  delivered: number;
  /** Events waiting for delivery. */
  spooled: number;
  /** Events given up on since start (the memory buffer overflowed, or the worker refused them: dead letters). */
  dropped: number;
}

/** Keeps the most recent events in memory (bounded) and counts them; for a host running without a worker. */
export class RecordingSink implements EventSink {
  private readonly buffer: ProviderEvent[] = [];
  private recorded = 0;
  private dropped = 0;

  constructor(private readonly capacity = 10_000) {}

  record(event: ProviderEvent): void {
    this.recorded++;
    this.buffer.push(event);
    if (this.buffer.length > this.capacity) {
      this.buffer.shift();
      this.dropped++;
    }
  }

  /** Recorded events, oldest first. */
  events(): readonly ProviderEvent[] {
    return this.buffer;
  }

  stats(): EventSinkStats {
    return { recorded: this.recorded, delivered: 0, spooled: this.buffer.length, dropped: this.dropped };
  }
}
