import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { UsersPage } from "../features/users/UsersPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.users");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "users");
  return data(null, { headers: cookieHeaders(session) });
}

export default UsersPage;
