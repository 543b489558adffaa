import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { AnnouncementsPage } from "../features/announcements/AnnouncementsPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.announcements");

/** Super users only (checked here and by every call); the list loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "announcements");
  return data(null, { headers: cookieHeaders(session) });
}

export default AnnouncementsPage;
