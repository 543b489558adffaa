import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { TemplatesPage } from "../features/connections/templates/TemplatesPage";
import { pageTitle } from "../lib/meta";
import { requireRouteId } from "../lib/routeIds";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.connections");

/** A Cloud API connection's message templates: admins, as the connections page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "connections");
  requireRouteId(params, "id");
  return data(null, { headers: cookieHeaders(session) });
}

export default TemplatesPage;
