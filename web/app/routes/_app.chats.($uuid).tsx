import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ChatsPage } from "../features/chats/ChatsPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.chats");

/** The plan's useInternalChat and the session are checked here (the menu hides the entry too); the page loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "chats");
  return data(null, { headers: cookieHeaders(session) });
}

export default ChatsPage;
