import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { TagsPage } from "../features/tags/TagsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.tags");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "tags");
  return data(null, { headers: cookieHeaders(session) });
}

export default TagsPage;
