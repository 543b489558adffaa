import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { TicketsLayout } from "../features/tickets/list/TicketsLayout";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.tickets");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "tickets");
  return data(null, { headers: cookieHeaders(session) });
}

export default TicketsLayout;
