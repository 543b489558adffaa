/** Durations are counted in ms and answered in minutes, two decimals (spec 000: times in minutes). */
export const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 600) / 100);

/** Ratings (spec 000): 1 unsatisfied, 2 satisfied, 3 very satisfied. CSAT is the share of 3s among the answers. */
export const TOP_RATE = 3;

export class Ratings {
  asked = 0;
  answered = 0;
  sum = 0;
  readonly byRate = { 1: 0, 2: 0, 3: 0 } as Record<1 | 2 | 3, number>;
  /** Counts already aggregated: episodes asked, and how many answered 1, 2 and 3. */
  addCounts(asked: number, rates: [number, number, number]) {
    this.asked += asked;
    rates.forEach((n, i) => {
      this.answered += n;
      this.sum += n * (i + 1);
      this.byRate[(i + 1) as 1 | 2 | 3] += n;
    });
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
