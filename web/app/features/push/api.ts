import { api } from "../../lib/api";
import type { PushDeviceView, PushPreferencesInput, PushSettingsView } from "../../../../worker/contracts/push";
import type { Wire } from "../../../../worker/contracts/views/wire";

export type PushSettings = Wire<PushSettingsView>;

export const getPushSettings = () => api<PushSettings>("/push");

export const postSubscription = (body: { endpoint: string; keys: { p256dh: string; auth: string }; deviceLabel: string | null }) =>
  api<Wire<PushDeviceView>>("/push/subscriptions", { method: "POST", body });

export const deleteSubscription = (endpoint: string) => api<unknown>("/push/subscriptions", { method: "DELETE", body: { endpoint } });

export const putPreferences = (body: PushPreferencesInput) => api<PushPreferencesInput>("/push/preferences", { method: "PUT", body });

export const sendTestPush = () => api<{ devices: number }>("/push/test", { method: "POST" });
