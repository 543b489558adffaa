import type { ProviderEvent } from "../providers/provider";

/**
 * Where provider events go. The bridge to the worker (signed HTTP, delivered at least once, spooled to disk
 * while the worker is unreachable) is a later piece of work; until then events are only recorded here, in
 * memory, and nothing is delivered. `delivered` stays 0 on purpose: it reports what really happened.
 */
export interface EventSink {
  record(event: ProviderEvent): void;
  stats(): EventSinkStats;
}

export interface EventSinkStats {
  /** Events handed to the sink since start. */
  recorded: number;
  /** Events the worker acknowledged. */
  delivered: number;
  /** Events waiting for delivery. */
  spooled: number;
  /** Events dropped because the buffer was full. */
  dropped: number;
}

/** Keeps the most recent events in memory (bounded) and counts them. */
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
