import type { PublicContact, PublicMessage, PublicNote, PublicTicket } from "../../../contracts/publicApi/resources";

/** The reference's examples (each parses with its response schema: publicRoute holds answers to them). */

export const EXAMPLE_CONTACT: PublicContact = {
  id: 9000000123,
  name: "Maria Souza",
  number: "5511999998888",
  email: "maria@example.com",
  isGroup: false,
  disableBot: false,
  extraInfo: [{ name: "CPF", value: "123.456.789-00" }],
  marketingConsent: { state: "granted", at: "2026-11-28T14:05:00.000Z", how: "chatbot" },
  createdAt: "2026-11-28T14:02:11.000Z",
  updatedAt: "2026-11-29T12:00:00.000Z",
};

export const EXAMPLE_TICKET: PublicTicket = {
  id: 9000000456,
  uuid: "5f0e8a62-3c1b-4f7e-9d2a-1b6c0e4f8a90",
  status: "open",
  contact: { id: 9000000123, name: "Maria Souza", number: "5511999998888" },
  userId: 9000000002,
  queueId: 9000000001,
  connectionId: 9000000003,
  isGroup: false,
  lastMessage: "Olá, meu pedido ainda não chegou",
  unreadMessages: 0,
  tags: [{ id: 9000000010, name: "Pedido", color: "#2563eb" }],
  createdAt: "2026-11-29T11:58:40.000Z",
  updatedAt: "2026-11-29T12:00:00.000Z",
};

export const EXAMPLE_MESSAGE: PublicMessage = {
  id: 9000000789,
  ticketId: 9000000456,
  wid: "3EB0C767D26A1D8E2F11",
  fromMe: true,
  body: "Olá Maria! Vou verificar seu pedido.",
  mediaType: "chat",
  mediaName: null,
  status: "delivered",
  userId: 9000000002,
  sentByBot: false,
  quotedMessageId: null,
  isDeleted: false,
  isEdited: false,
  createdAt: "2026-11-29T12:00:00.000Z",
};

export const EXAMPLE_NOTE: PublicNote = {
  id: 9000000321,
  ticketId: 9000000456,
  userId: 9000000002,
  body: "Cliente pediu retorno até as 17h.",
  createdAt: "2026-11-29T12:01:00.000Z",
};
