import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { DeliveriesPage } from "../features/webhooks/deliveries/DeliveriesPage";
import { pageTitle } from "../lib/meta";
import { requireRouteId } from "../lib/routeIds";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.webhooks");

/** One webhook's delivery log: admins, as the webhooks page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "webhooks");
  requireRouteId(params, "id");
  return data(null, { headers: cookieHeaders(session) });
}

export default DeliveriesPage;
