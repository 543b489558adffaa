import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { ContactListItemsPage } from "../features/contactLists/ContactListItemsPage";
import { requireRouteId } from "../lib/routeIds";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.contactLists");

/** Campaign pages: admins, the plan's useCampaigns and the company's campaignsEnabled (lib/access). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "campaigns");
  requireRouteId(params, "contactListId");
  return data(null, { headers: cookieHeaders(session) });
}

export default ContactListItemsPage;
