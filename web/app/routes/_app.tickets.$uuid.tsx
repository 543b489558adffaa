import { useNavigate, useParams } from "@remix-run/react";
import { useCallback } from "react";
import { TicketChat } from "../features/tickets/chat/TicketChat";

/** /tickets/{uuid}: the chat panel of the chosen ticket, beside the list. */
export default function TicketRoute() {
  const { uuid = "" } = useParams();
  const navigate = useNavigate();
  const onClose = useCallback(() => navigate("/tickets"), [navigate]);
  return <TicketChat key={uuid} uuid={uuid} onClose={onClose} />;
}
