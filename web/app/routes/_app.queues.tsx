import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { QueuesPage } from "../features/queues/QueuesPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.queues");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "queues");
  return data(null, { headers: cookieHeaders(session) });
}

export default QueuesPage;
