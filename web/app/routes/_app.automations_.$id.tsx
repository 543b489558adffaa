import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { RunsPage } from "../features/automations/runs/RunsPage";
import { pageTitle } from "../lib/meta";
import { requireRouteId } from "../lib/routeIds";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.automations");

/** One rule's run log: admins, as the automations page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "automations");
  requireRouteId(params, "id");
  return data(null, { headers: cookieHeaders(session) });
}

export default RunsPage;
