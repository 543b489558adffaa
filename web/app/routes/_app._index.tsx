import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { canOpen } from "../lib/access";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requireUser } from "../lib/session.server";
import { DashboardPage } from "../features/insight/DashboardPage";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.dashboard");

/** The dashboard is for admins; everyone else starts in the inbox. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  if (!canOpen(session.user, "dashboard")) throw redirect("/tickets", { headers: cookieHeaders(session) });
  return data(null, { headers: cookieHeaders(session) });
}

export default DashboardPage;
