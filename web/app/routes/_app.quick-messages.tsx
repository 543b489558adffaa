import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { QuickMessagesPage } from "../features/quickMessages/QuickMessagesPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.quickMessages");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "quick-messages");
  return data(null, { headers: cookieHeaders(session) });
}

export default QuickMessagesPage;
