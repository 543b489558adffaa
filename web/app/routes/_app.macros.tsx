import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { MacrosPage } from "../features/macros/MacrosPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.macros");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "macros");
  return data(null, { headers: cookieHeaders(session) });
}

export default MacrosPage;
