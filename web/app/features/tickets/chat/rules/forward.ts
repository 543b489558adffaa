/** Spec 000 section 7: forwarded messages go one at a time, about 900 ms apart. */
export const FORWARD_INTERVAL_MS = 900;

/**
 * Sends each id in turn, waiting between sends; reports progress after each. Stops at the first failure and
 * rethrows it with how many went through.
 */
export async function forwardInTurn(
  ids: number[],
  send: (id: number) => Promise<unknown>,
  onProgress: (done: number, total: number) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  let done = 0;
  for (const id of ids) {
    if (done > 0) await wait(FORWARD_INTERVAL_MS);
    await send(id);
    done++;
    onProgress(done, ids.length);
  }
  return done;
}

/** Contact searches start at 3 characters (spec 000 section 5). */
export const MIN_SEARCH_CHARS = 3;

export function searchable(term: string): boolean {
  return term.trim().length >= MIN_SEARCH_CHARS;
}

/** The users a transfer may choose, matched by name from 3 characters. */
export function matchUsers<U extends { name: string }>(users: U[], term: string): U[] {
  if (!searchable(term)) return [];
  const q = term.trim().toLowerCase();
  return users.filter((u) => u.name.toLowerCase().includes(q)).slice(0, 20);
}
