/** Runs operations one at a time per key, in call order; a failed operation does not block the next. */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, op: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(op, op);
    const tail = result.catch(() => {});
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves once every operation queued so far has settled. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.tails.values()]);
  }
}
