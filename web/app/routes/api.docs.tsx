import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ApiReferencePage } from "../features/apiReference/ApiReferencePage";
import { referenceDocument } from "../features/apiReference/document.server";
import { pageTitle } from "../lib/meta";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "apiReference.title");

/** The public API's reference (issue 25 §4): public, no login; rendered from the OpenAPI document. */
export async function loader({ request }: LoaderFunctionArgs) {
  return { document: referenceDocument(request) };
}

export default ApiReferencePage;
