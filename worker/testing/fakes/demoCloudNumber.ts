/**
 * The demo's Cloud API number (ADR 0050): what the fake Graph API of `npm start` knows and the seed connects the
 * customer company's "WhatsApp Oficial" connection to. Local only: the token and secrets are not anyone's.
 */
export const DEMO_CLOUD_NUMBER = {
  phoneNumberId: "100000000000001",
  wabaId: "200000000000001",
  displayPhoneNumber: "+55 11 4000-0001",
  accessToken: "EAAG-local-demo-token-0000000000",
};

/** The platform's Meta app in a local run, unless .dev.vars names real ones. */
export const LOCAL_META_APP = { appId: "300000000000001", appSecret: "local-meta-app-secret-000000000", verifyToken: "local-meta-verify-token" };
