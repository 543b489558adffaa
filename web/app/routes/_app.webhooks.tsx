import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { WebhooksPage } from "../features/webhooks/WebhooksPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.webhooks");

/** The company's event webhooks: `webhooks:manage` (admins, lib/access.ts); the API checks it again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "webhooks");
  return data(null, { headers: cookieHeaders(session) });
}

export default WebhooksPage;
