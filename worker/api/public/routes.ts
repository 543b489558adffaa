import type { PublicRoute } from "./publicRoute";
import { contactRoutes } from "./routes/contacts";
import { directoryRoutes } from "./routes/directory";
import { messageRoutes } from "./routes/messages";
import { ticketRoutes } from "./routes/tickets";
import { webhookRoutes } from "./routes/webhooks";

/** Every endpoint of the public API, in the reference's order. A route here is mounted and documented; none is either otherwise. */
export const publicRoutes: readonly PublicRoute[] = [...ticketRoutes, ...messageRoutes, ...contactRoutes, ...directoryRoutes, ...webhookRoutes];
