import { z } from "zod";

/** What an update with nothing to change answers (under `_`, the body itself). */
export const EMPTY_PATCH = "The body is empty: give at least one field to change";

/**
 * The body of a PUT that takes any subset of a resource's fields: at least one of them. An update with nothing to
 * change is a client's mistake (an empty form, a body the wrong way round), answered with a 400 before any verb
 * runs, never a write of nothing (drizzle throws on an empty `set`, which answered 500).
 */
export function patchOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).refine((body) => Object.values(body).some((value) => value !== undefined), { message: EMPTY_PATCH });
}
