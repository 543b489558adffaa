import type { Texts } from "./i18n";

export const en: Texts = {
  title: "Notifications on this device",
  hint: "Alerts for new conversations, messages, transfers and mentions when ZapDesk is not on screen.",
  unsupported: "This browser does not receive notifications.",
  denied: "Notifications are blocked for this site. Allow them in the browser's settings.",
  on: "On",
  off: "Off",
  turnedOn: "Notifications turned on for this device",
  turnedOff: "Notifications turned off for this device",
  quiet: "Quiet hours",
  quietHint: "No alerts in this window (the company's time zone).",
  from: "From",
  to: "To",
  saveQuiet: "Save hours",
  test: "Send a test",
  testSent: "Test sent",
  devices_one: "{{count}} device with notifications", devices_other: "{{count}} devices with notifications",
};
