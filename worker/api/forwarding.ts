/** Set by the worker on every request it forwards to a hub: the company its verified token (or index) names. */
export const HUB_COMPANY_HEADER = "x-hub-company";
/** Set on a forwarded external-API request: the connection its token belongs to. */
export const HUB_CONNECTION_HEADER = "x-hub-connection";
/** Headers only the worker may set on a request it forwards to a hub: a client's own are dropped. */
export const FORWARDED_ONLY = [HUB_COMPANY_HEADER, HUB_CONNECTION_HEADER];
