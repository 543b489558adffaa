import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { HelpsPage } from "../features/helps/HelpsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.helps");

/** Every logged-in user; the videos load themselves. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "helps");
  return data(null, { headers: cookieHeaders(session) });
}

export default HelpsPage;
