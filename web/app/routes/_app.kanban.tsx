import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { KanbanPage } from "../features/kanban/KanbanPage";
import { cookieHeaders, requirePage } from "../lib/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.kanban");

/** The plan's useKanban and the session are checked here (the menu hides the entry too); the board loads itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "kanban");
  return data(null, { headers: cookieHeaders(session) });
}

export default KanbanPage;
