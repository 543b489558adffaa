import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { FileListsPage } from "../features/fileLists/FileListsPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.files");

/** The file lists are an admin's page (the API lets every user read them, for the selectors); the list loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "files");
  return data(null, { headers: cookieHeaders(session) });
}

export default FileListsPage;
