import type { MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "../lib/meta";
import { TodoPage } from "../features/todolist/TodoPage";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "menu.todolist");

/** Local only (spec): no loader beyond the shell's. */
export default TodoPage;
