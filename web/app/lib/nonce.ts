import { createContext, useContext } from "react";

/**
 * The CSP nonce of the page being rendered (worker/lib/securityHeaders.ts): the server render provides it
 * (entry.server.tsx) and every inline script carries it. The browser has no use for it after the first render
 * (it hides it from the DOM anyway), so the client renders without one.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
