import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { SettingsPage } from "../features/settings/SettingsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.settings");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "settings");
  return data(null, { headers: cookieHeaders(session) });
}

export default SettingsPage;
