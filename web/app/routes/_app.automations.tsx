import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { AutomationsPage } from "../features/automations/AutomationsPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.automations");

/** The company's automation rules: `automations:manage` (admins, lib/access.ts); the API checks it again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "automations");
  return data(null, { headers: cookieHeaders(session) });
}

export default AutomationsPage;
