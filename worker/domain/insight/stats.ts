/** Durations are kept in ms while counting and answered in minutes, two decimals (spec 000: times in minutes). */
export const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 600) / 100);

/** Count, average and median of a list of durations (ms); null figures when there is none. */
export class Durations {
  private values: number[] = [];
  add(ms: number) {
    if (ms >= 0) this.values.push(ms);
  }
  get count() {
    return this.values.length;
  }
  summary() {
    const n = this.values.length;
    if (n === 0) return { count: 0, avg: null, median: null };
    const sorted = Float64Array.from(this.values).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    const mid = n >> 1;
    const median = n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    return { count: n, avg: minutes(sum / n), median: minutes(median) };
  }
}

/** Ratings (spec 000): 1 unsatisfied, 2 satisfied, 3 very satisfied. CSAT is the share of 3s among the answers. */
export const TOP_RATE = 3;

export class Ratings {
  asked = 0;
  answered = 0;
  sum = 0;
  readonly byRate = { 1: 0, 2: 0, 3: 0 } as Record<1 | 2 | 3, number>;
  add(rate: number | null, asked: boolean) {
    if (asked || rate !== null) this.asked++;
    if (rate === 1 || rate === 2 || rate === 3) {
      this.answered++;
      this.sum += rate;
      this.byRate[rate]++;
    }
  }
  summary() {
    const pct = (n: number, of: number) => (of === 0 ? null : Math.round((1000 * n) / of) / 10);
    return {
      /** Percent of the answers that gave the top rating. */
      csat: pct(this.byRate[TOP_RATE], this.answered),
      /** Percent of the episodes asked for a rating that got one. */
      responseRate: pct(this.answered, this.asked),
      asked: this.asked,
      answered: this.answered,
      average: this.answered === 0 ? null : Math.round((100 * this.sum) / this.answered) / 100,
      distribution: { ...this.byRate },
    };
  }
}
