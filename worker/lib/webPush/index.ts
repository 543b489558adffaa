export { encryptPayload, decryptPayload, MAX_PLAINTEXT, RECORD_SIZE, type SubscriptionKeys } from "./encrypt";
export { vapidAuthorization, verifyVapid, VAPID_JWT_SECONDS, type VapidKeys } from "./vapid";
export { sendPush, type PushOptions, type PushOutcome } from "./send";
export { generateKeyPair } from "./keys";
