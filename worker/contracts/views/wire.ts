/**
 * A view as it arrives in the browser: JSON turns the server's `Date`s into ISO strings. Views are declared in their
 * server form (what the domain builds); the web app reads `Wire<View>`.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
