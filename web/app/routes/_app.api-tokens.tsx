import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { ApiTokensPage } from "../features/apiTokens/ApiTokensPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.apiTokens");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "api-tokens");
  return data(null, { headers: cookieHeaders(session) });
}

export default ApiTokensPage;
