import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { AuditPage } from "../features/audit/AuditPage";
import { pageTitle } from "../lib/meta";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.audit");

/** The audit log: `audit:view` (admins, lib/access.ts); the API checks it again. Others go back as from any forbidden page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "audit");
  return data(null, { headers: cookieHeaders(session) });
}

export default AuditPage;
