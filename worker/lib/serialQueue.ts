/**
 * Runs tasks one at a time, in arrival order. A Durable Object's input gates do not hold while it awaits
 * D1 (external I/O), so without this two ticket commands could interleave between their read and their write.
 * It coordinates work in flight only; nothing in it needs to survive eviction.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(task);
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
