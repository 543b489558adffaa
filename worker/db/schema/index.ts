// The whole D1 schema: tables, relations, row types and enum value lists, one module per domain.
// (columns.ts and tenant.ts hold column helpers and are deliberately not re-exported.)
export * from "./companies";
export * from "./users";
export * from "./whatsapp";
export * from "./queues";
export * from "./contacts";
export * from "./tickets";
export * from "./messages";
export * from "./insight";
export * from "./quickMessages";
export * from "./schedules";
export * from "./campaigns";
export * from "./announcements";
export * from "./chats";
export * from "./announcementReceipts";
export * from "./files";
export * from "./billing";
export * from "./auth";
export * from "./sessionHost";
export * from "./externalApi";
export * from "./routing";
export * from "./platform";
