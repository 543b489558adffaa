import type { Texts } from "./i18n";

export const en: Texts = {
  banner: "No connection",
  bannerHint: "You see what was last opened on this device. Messages you send stay pending and go out when the connection returns.",
  pending: "Pending: will be sent when the connection returns",
  sending: "Sending…",
  failed: "Not sent: {{reason}}",
  discard: "Discard",
  needsNetwork: "Needs a connection",
};
