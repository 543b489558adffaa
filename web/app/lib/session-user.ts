import { useRouteLoaderData } from "@remix-run/react";
import type { SessionUser } from "../../../worker/contracts/views/session";

export type { SessionUser };

/** What the private layout (routes/_app) loads for every page inside the shell. */
export interface AppLoaderData {
  user: SessionUser;
  accessExpiresAt: number | null;
  /** Days until the subscription's due date, when fewer than 5 (spec: warn under 5 days). */
  subscription: { dueDate: string; daysLeft: number } | null;
}

export const APP_ROUTE_ID = "routes/_app";

/** The logged-in user, inside any page of the shell. */
export function useSessionUser(): SessionUser {
  const data = useRouteLoaderData(APP_ROUTE_ID) as AppLoaderData | undefined;
  if (!data) throw new Error("useSessionUser is only available inside the app shell");
  return data.user;
}

export function useAppData(): AppLoaderData {
  const data = useRouteLoaderData(APP_ROUTE_ID) as AppLoaderData | undefined;
  if (!data) throw new Error("useAppData is only available inside the app shell");
  return data;
}

/** A company setting's current value (defaults are filled in by the server). */
export function settingValue(user: SessionUser, key: string): string | undefined {
  return user.company.settings.find((s) => s.key === key)?.value;
}
