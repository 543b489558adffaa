import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { inboxSeed } from "../features/tickets/seed.server";
import { TicketsLayout } from "../features/tickets/list/TicketsLayout";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.tickets");

/** The first page of the lists shown first, read on the server so that the HTML carries the first rows. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "tickets");
  return data(await inboxSeed(request, context, session), { headers: cookieHeaders(session) });
}

/** Coming from another page of the app, the lists read for themselves (and the server reads nothing). */
export async function clientLoader() {
  return null;
}

export default TicketsLayout;
