/** A message's delivery state: 0 pending, 1 sent to the server, 2 delivered, 3 read, 4 played, 5 failed. */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

/** A file already stored in R2, to be sent as a message. */
export type StoredMedia = {
  key: string;
  name: string;
  mediaType: "image" | "audio" | "video" | "application";
};

/**
 * A message as the chat shows it (spec 000 section 3; domain/messages/presentMessage.ts builds it): media by an
 * authenticated URL (never its storage key), the quoted message inline.
 */
export type MessageView = {
  id: number;
  companyId: number;
  ticketId: number;
  contactId: number | null;
  userId: number | null;
  queueId: number | null;
  wid: string;
  fromMe: boolean;
  body: string;
  read: boolean;
  mediaType: string;
  /** `/api/messages/:id/media`, or null. */
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  ack: MessageAck;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  sentByBot: boolean;
  sendError: string | null;
  /** Meta's marketing cap (131049) deferred the send to this time: tried again once then (sendError says why meanwhile). */
  retryAt: Date | null;
  participant: string | null;
  /** The sending tab's id for an agent's send that carried one (the composer's pending send finds its message by it). */
  clientId: string | null;
  createdAt: Date;
  updatedAt: Date;
  contact: { id: number; name: string; number: string; profilePicUrl: string } | null;
  quotedMsg: { id: number; wid: string; fromMe: boolean; body: string; mediaType: string; isDeleted: boolean } | null;
  /** The contact's reply rated the service (1–3): the chat shows it as a rating. */
  rating: number | null;
};
