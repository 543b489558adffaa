import { z } from "zod/mini";

/**
 * Zod compiles object parsers with `new Function` where it may. The pages' CSP allows no eval, and zod's probe for
 * it is reported as a violation even though zod catches the refusal, so the browser parses without it (as correct,
 * a little slower; the worker's runtime allows no eval either). Imported first by root.tsx, before any schema runs (zod/mini's config is zod's one global config).
 */
z.config({ jitless: true });
