import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ConnectionsPage } from "../features/connections/ConnectionsPage";
import { embeddedSignupOf } from "../features/connections/embeddedSignup.server";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.connections");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "connections");
  // Embedded Signup's public settings ("Connect with Facebook" in the add dialog), when the deployment offers it.
  return data({ embeddedSignup: embeddedSignupOf(context) }, { headers: cookieHeaders(session) });
}

export default ConnectionsPage;
