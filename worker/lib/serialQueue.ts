/**
 * Runs tasks one at a time, in arrival order. A Durable Object's input gates do not hold while it awaits
 * D1 (external I/O), so without this two ticket commands could interleave between their read and their write.
 * It coordinates work in flight only; nothing in it needs to survive eviction.
 *
 * A task that waited behind another starts on a later turn of the event loop, not straight after it: the hub's
 * SQLite calls are synchronous, so a burst of queued commands (fifty assistant answers, a campaign's sends and
 * their acks) would otherwise run back to back as one block, and a page's read arriving meanwhile would wait
 * for all of them instead of one. Reads do not use this queue; they get in between.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    const waited = this.pending > 0;
    this.pending++;
    const result = this.tail.then(waited ? () => nextTurn().then(task) : task);
    this.tail = result.then(
      () => this.pending--,
      () => this.pending--,
    );
    return result;
  }

  get depth() {
    return this.pending;
  }
}

/** Resolves on a later turn of the event loop (after the I/O events already waiting), not in this microtask run. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
