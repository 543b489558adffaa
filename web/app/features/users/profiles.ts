import type { Profile } from "../../../../worker/contracts/permissions";

/**
 * The profiles a user can have, in the order the select lists them. (The schema's USER_PROFILES cannot be
 * imported here: it would pull the whole Drizzle schema into the browser bundle.)
 */
export const PROFILES = ["admin", "supervisor", "user"] as const satisfies readonly Profile[];

// Fails to compile if the rule table gains a profile this list lacks.
type Missing = Exclude<Profile, (typeof PROFILES)[number]>;
const complete: Missing extends never ? true : false = true;
void complete;
