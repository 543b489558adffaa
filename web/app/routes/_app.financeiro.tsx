import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { InvoicesPage } from "../features/billing/InvoicesPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.financeiro");

/** Admins only (the API checks it again); the list loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "financeiro");
  return data(null, { headers: cookieHeaders(session) });
}

export default InvoicesPage;
