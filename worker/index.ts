import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build (npm run build writes it before wrangler bundles this file).
import * as build from "../build/server/index.js";
import { createWorker } from "./server";

export { CompanyHub } from "./hub/CompanyHub";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

export default createWorker((request, env, ctx, { nonce }) => handleRemix(request, { cloudflare: { env, ctx }, cspNonce: nonce }));
