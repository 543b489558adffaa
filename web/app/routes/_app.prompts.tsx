import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { PromptsPage } from "../features/prompts/PromptsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.prompts");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "prompts");
  return data(null, { headers: cookieHeaders(session) });
}

export default PromptsPage;
