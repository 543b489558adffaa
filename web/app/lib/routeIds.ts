import { useParams, type Params } from "@remix-run/react";
import { parsePlatformId } from "../../../worker/contracts/ids";

/**
 * Ids in a page's URL (/campaign/:campaignId/report, /contact-lists/:contactListId/contacts), read through the one id
 * contract (worker/contracts/ids): the loader answers 404 for anything that is not an id, so the page can rely on it.
 */
export function requireRouteId(params: Params, name: string): number {
  const id = parsePlatformId(params[name]);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

/** The page's id; its loader ran requireRouteId first, so this is always an id. */
export function useRouteId(name: string): number {
  return parsePlatformId(useParams()[name]) ?? 0;
}
