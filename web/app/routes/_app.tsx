import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ShellError } from "../components/layout/ShellError";
import { AppShell } from "../components/shell/AppShell";
import { useRealtimeConnection } from "../lib/realtime";
import { cookieHeaders, requireUser } from "../lib/session.server";
import { scheduleRefresh } from "../lib/session-refresh";
import type { AppLoaderData } from "../lib/session-user";
import { payFirstRedirect, subscriptionWarning } from "../lib/subscription";

/** Every private page sits in the shell; a visitor without a session goes to /login. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  // An expired company's admin is let in to pay: every other page sends them to the invoices (ADR 0036).
  const payFirst = payFirstRedirect(session.user, new URL(request.url).pathname);
  if (payFirst) throw redirect(payFirst, { headers: cookieHeaders(session) });
  // Two-factor sign-in required and not on (issue 28): the server refuses everything else, so the app goes to enrol.
  const { twoFactor } = session.user;
  if (twoFactor.required && !twoFactor.enabled && new URL(request.url).pathname !== "/security") {
    throw redirect("/security", { headers: cookieHeaders(session) });
  }
  const body: AppLoaderData = {
    user: session.user,
    accessExpiresAt: session.accessExpiresAt,
    subscription: subscriptionWarning(session.user.company),
  };
  return data(body, { headers: cookieHeaders(session) });
}

export default function PrivateLayout() {
  const appData = useLoaderData<typeof loader>() as AppLoaderData;
  useRealtimeConnection(!(appData.user.twoFactor.required && !appData.user.twoFactor.enabled));
  useEffect(() => {
    // Refresh ahead of expiry, so neither pages nor the socket meet an expired access token.
    if (appData.accessExpiresAt) scheduleRefresh(appData.accessExpiresAt);
  }, [appData.accessExpiresAt]);
  return (
    <AppShell data={appData}>
      <Outlet />
    </AppShell>
  );
}

/** A page that failed inside the shell keeps the shell (menu, top bar) around the error. */
export function ErrorBoundary() {
  return <ShellError />;
}
