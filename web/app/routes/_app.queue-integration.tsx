import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { IntegrationsPage } from "../features/queueIntegrations/IntegrationsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.queueIntegration");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "queue-integration");
  return data(null, { headers: cookieHeaders(session) });
}

export default IntegrationsPage;
