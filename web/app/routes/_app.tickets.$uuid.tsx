import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useParams } from "@remix-run/react";
import { useCallback } from "react";
import { TicketChat } from "../features/tickets/chat/TicketChat";
import type { ChatSeed } from "../features/tickets/seed";
import { chatSeed } from "../features/tickets/seed.server";
import { cookieHeaders, requirePage } from "../lib/session.server";

/** The chat opened by the address: the ticket and its newest messages, read on the server for the first render. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requirePage(request, context, "tickets");
  return data(await chatSeed(request, context, session), { headers: cookieHeaders(session) });
}

/** Choosing a ticket in the app: the chat reads it for itself, showing its skeleton meanwhile. */
export async function clientLoader() {
  return null;
}

/** /tickets/{uuid}: the chat panel of the chosen ticket, beside the list. */
export default function TicketRoute() {
  const { uuid = "" } = useParams();
  const seed = useLoaderData<typeof loader>() as ChatSeed | null;
  const navigate = useNavigate();
  const onClose = useCallback(() => navigate("/tickets"), [navigate]);
  return <TicketChat key={uuid} uuid={uuid} onClose={onClose} seed={seed?.uuid === uuid ? seed : null} />;
}
