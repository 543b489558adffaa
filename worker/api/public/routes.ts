import type { PublicRoute } from "./publicRoute";
import { directoryRoutes } from "./routes/directory";
import { webhookRoutes } from "./routes/webhooks";

/** Every endpoint of the public API, in the reference's order. A route here is mounted and documented; none is either otherwise. */
export const publicRoutes: readonly PublicRoute[] = [...directoryRoutes, ...webhookRoutes];
