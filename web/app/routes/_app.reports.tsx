import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { ReportsPage } from "../features/insight/ReportsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";
import "../features/insight/texts";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "insight.reportsTitle");

/** The tickets of a period with their times (admins, as the dashboard it is reached from). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "reports");
  return data(null, { headers: cookieHeaders(session) });
}

export default ReportsPage;
