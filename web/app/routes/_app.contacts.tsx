import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { ContactsPage } from "../features/contacts/ContactsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.contacts");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "contacts");
  return data(null, { headers: cookieHeaders(session) });
}

export default ContactsPage;
