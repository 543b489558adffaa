import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { SchedulesPage } from "../features/schedules/SchedulesPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.schedules");

/** The plan's useSchedules and the session are checked here (the menu hides the entry too); the list loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "schedules");
  return data(null, { headers: cookieHeaders(session) });
}

export default SchedulesPage;
