import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { CampaignSettingsPage } from "../features/campaigns/CampaignSettingsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.campaignsConfigTitle");

/** Campaign pages: admins, the plan's useCampaigns and the company's campaignsEnabled (lib/access). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "campaigns");
  return data(null, { headers: cookieHeaders(session) });
}

export default CampaignSettingsPage;
