/**
 * Zod compiles object parsers with `new Function` where it may. The pages' CSP allows no eval, and zod's probe for
 * it is reported as a violation even though zod catches the refusal, so the browser parses without it (as correct,
 * a little slower; the worker's runtime allows no eval either). Imported first by root.tsx, before any schema runs.
 *
 * Set where zod keeps its one global config (`globalThis.__zod_globalConfig`, which `z.config()` writes and zod
 * creates only if absent), so that the first page does not load zod for it: the schemas load with what uses them.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated, not replaced: a zod already loaded (the server's bundle) holds on to this very object.
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
