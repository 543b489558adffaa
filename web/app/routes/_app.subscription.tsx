import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { SubscriptionPage } from "../features/billing/SubscriptionPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.subscription");

/** Admins only (the API checks it again); the page loads its own data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "subscription");
  return data(null, { headers: cookieHeaders(session) });
}

export default SubscriptionPage;
