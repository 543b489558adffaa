import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { canOpen, pageOfPath } from "../lib/access";
import { cookieHeaders, requireUser } from "../lib/session.server";
import { ComingSoon } from "../components/layout/ComingSoon";
import { pageMeta, titleKeyOfPath } from "../components/shell/menu";
import { pageTitle } from "../lib/meta";

/**
 * Every private path of the route table that has no page of its own yet: a "coming soon" state inside the
 * shell (so the menu works), "not allowed" when the plan or profile lacks it, and "not found" otherwise.
 * A feature's own route file takes precedence over this one as it lands.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const page = pageOfPath(new URL(request.url).pathname);
  const state = !page ? "notFound" : canOpen(session.user, page) ? "comingSoon" : "forbidden";
  const status = state === "notFound" ? 404 : state === "forbidden" ? 403 : 200;
  const titleKey = page ? (titleKeyOfPath(new URL(request.url).pathname) ?? pageMeta[page].labelKey) : "comingSoon.notFoundTitle";
  return data({ page, state, titleKey } as const, { status, headers: cookieHeaders(session) });
}

/** The tab's title is the page's menu name, as its heading is. */
export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageTitle(matches, data?.titleKey ?? "comingSoon.notFoundTitle");

export default function Placeholder() {
  const { page, state, titleKey } = useLoaderData<typeof loader>();
  return <ComingSoon page={page} state={state} titleKey={titleKey} />;
}
