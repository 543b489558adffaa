/**
 * A message's ack in pt-BR (ticketChat.acks), also shown by the inbox list's rows: in a module of its own, so that the
 * browser starts with these (i18n/lang/pt-BR.first.ts) and the rest of the chat's texts come with the chat.
 */
export const acks = { pending: "Pendente", sent: "Enviada", delivered: "Entregue", read: "Lida" };
