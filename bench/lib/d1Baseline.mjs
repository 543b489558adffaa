// The figures of the last runs with every company's data in D1 (before ADR 0016), from bench/RESULTS.md's frozen
// sections "… on D1": the benchmarks print them beside their new figures. Same machine (2 × AMD EPYC, 2 cores,
// shared), same data shapes, same harness; commit c25026d (inbox) and its predecessors.

/** bench/inbox.mjs on D1, 2026-11-25T03:48Z: HTTP series (median, p95, p99 ms) and the SQL alone (median ms). */
export const inboxD1 = {
  run: "2026-11-25T03:48:22Z, commit c25026d",
  http: {
    version: { median: 0.73, p95: 1.7, p99: 3.95 },
    allowregister: { median: 1.41, p95: 2.23, p99: 3.4 },
    me: { median: 3.9, p95: 5.5, p99: 7.67 },
    "open-agent": { median: 4.17, p95: 5.77, p99: 9.43 },
    "open-admin": { median: 3.95, p95: 6.59, p99: 8.04 },
    "pending-agent": { median: 3.54, p95: 5.18, p99: 6.17 },
    "pending-admin": { median: 3.2, p95: 4.38, p99: 8.49 },
    "closed-agent": { median: 3.44, p95: 6.94, p99: 13.1 },
    "closed-admin": { median: 3.68, p95: 5.23, p99: 8.69 },
    "search-admin": { median: 2.75, p95: 4.26, p99: 4.46 },
    "search-agent": { median: 2.79, p95: 4.2, p99: 6.91 },
    messages: { median: 2.83, p95: 4.29, p99: 4.95 },
    sendToAgent: { median: 8.5, p95: 15.4, p99: 21.3 },
    sendToAdmin: { median: 6.93, p95: 13.2, p99: 18.2 },
    post: { median: 8.21, p95: 13.9, p99: 19.5 },
    "auto-agent-without": { median: 5.68, p95: 8.46, p99: 11.9 },
    "auto-agent-during": { median: 5.56, p95: 9.15, p99: 13.5 },
    "auto-admin-without": { median: 5.91, p95: 9.72, p99: 16.1 },
    "auto-admin-during": { median: 5.77, p95: 7.89, p99: 9.97 },
  },
  /** sqlite3 CLI on the D1 file: page of ids + count, median ms */
  sqlAlone: {
    "open-agent": 0.1,
    "open-admin": 0.45,
    "pending-agent": 0.4,
    "pending-admin": 0.25,
    "closed-agent": 5.35,
    "closed-admin": 5.0,
    "search-admin": 0.3,
    "search-agent": 0.3,
    messages: 0.05,
    "like-admin": 702.0,
  },
  /** the D1 database file with its WAL (every table of the platform; the bench company's rows are nearly all of it) */
  dbMiB: 476,
  seedSeconds: 32.1,
  /** what the cron phase was on D1: the worker's scheduled handler triggered every 1 s (housekeeping + automation) */
  automation: "the worker's scheduled handler (housekeeping, then the automation in the company's hub reading and writing D1) triggered every 1 s; runs took 4.6 s median",
};

/** bench/inbound.mjs on D1, 2026-11-25T03:26Z: per load, median and p99 ms and messages/s. */
export const inboundD1 = {
  run: "2026-11-25T03:26:42Z",
  sequential: { median: 10.4, p99: 15.8, rate: 96.2 },
  burst: { median: 36.3, p99: 269.5, rate: 366 },
  botFlood: { rate: 666.1 },
  botSteady: { median: 10.1, p99: 24.2 },
  agentFlood: { rate: 1146.1 },
  agentSteady: { median: 9.7, p99: 25.4 },
  hostPerConnectionKiB: 130.6,
};

/** bench/fanout.mjs on D1, 2026-11-25T03:22Z: per socket count, ms and workerd memory. */
export const fanoutD1 = {
  run: "2026-11-25T03:22:56Z",
  100: { median: 20.1, p95: 38.6, p99: 48.9, max: 48.9, rssMiB: 49.5, perSocketKiB: 507.2 },
  1000: { median: 102.5, p95: 129.7, p99: 145.5, max: 145.5, rssMiB: 355.4, perSocketKiB: 363.9 },
};
