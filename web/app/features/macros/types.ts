import type { MacroRunRefusal, MacroRunView, MacroView } from "../../../../worker/contracts/views/macro";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of the macros API (GET /api/macros and friends): the contract's views as JSON. */
export type MacroRow = Wire<MacroView>;
export type MacroRun = Wire<MacroRunView>;
export type { MacroRunRefusal };
