// Entry for the Workers test pool: the API and the hub, without the Remix build (tests need no page bundle).
import { createWorker } from "../server";

export { CompanyHub } from "../hub/CompanyHub";
export default createWorker();
