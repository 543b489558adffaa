import { z } from "zod";
import { platformId } from "../../../worker/contracts/ids";
import { CONNECTION_STATUSES } from "./provider";

/**
 * The phone network the simulator starts with. The simulator keeps its network in memory (it is a local tool:
 * docs/decisions/0004-session-host-state.md), so a restart begins again from this fixture; a connection paired at run
 * time resumes paired from the number it saved in the worker's session store. `npm start` passes the demo's: both
 * companies' connections already paired, and the demo's contacts. Connection ids are the platform's (any id
 * worker/contracts/ids.ts accepts, up to 10^13 and beyond).
 */
export const simulatorFixtureSchema = z.object({
  connections: z
    .array(
      z.object({
        id: platformId(),
        status: z.enum(CONNECTION_STATUSES).default("CONNECTED"),
        number: z.string().regex(/^\d{8,20}$/).optional(),
      }),
    )
    .default([]),
  contacts: z.array(z.object({ number: z.string().regex(/^\d{8,20}$/), name: z.string().max(100).default("") })).default([]),
});
export type SimulatorFixture = z.infer<typeof simulatorFixtureSchema>;
