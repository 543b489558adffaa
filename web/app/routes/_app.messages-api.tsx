import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { MessagesApiPage } from "../features/messagesApi/MessagesApiPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.messagesApi");

/** Admins of a plan with the external API only (lib/access.ts); the API itself checks the plan again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "messages-api");
  return data({ origin: new URL(request.url).origin }, { headers: cookieHeaders(session) });
}

export default MessagesApiPage;
