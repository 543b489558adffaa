import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ConnectionsPage } from "../features/connections/ConnectionsPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.connections");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "connections");
  return data(null, { headers: cookieHeaders(session) });
}

export default ConnectionsPage;
