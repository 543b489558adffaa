import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { SecurityPage } from "../features/security/SecurityPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "shell.security");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "security");
  return data(null, { headers: cookieHeaders(session) });
}

export default SecurityPage;
