import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canOpen } from "../lib/access";
import { cookieHeaders, requireUser } from "../lib/session.server";
import { ComingSoon } from "../components/layout/ComingSoon";

/** The dashboard is for admins; everyone else starts in the inbox. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  if (!canOpen(session.user, "dashboard")) throw redirect("/tickets", { headers: cookieHeaders(session) });
  return data(null, { headers: cookieHeaders(session) });
}

export default function Dashboard() {
  return <ComingSoon page="dashboard" />;
}
