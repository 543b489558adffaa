// Which legacy product a PostgreSQL database is: by its tables and columns (their Sequelize migrations are the reference).

export type SourceKind = "ticketz" | "whaticket-saas";

/** The columns of each table in the `public` schema: table name → column name → data type. */
export type Catalogue = Map<string, Map<string, string>>;

export interface Detection {
  kind: SourceKind;
  /** Messages.id is text (a WhatsApp message id, as in both products' migrations) or a serial integer (some forks). */
  messageIdIsText: boolean;
  /** ticketz ≥ 2024-04: Messages' key is (id, ticketId), so one WhatsApp id may appear in two tickets. */
  messageKeyHasTicket: boolean;
  /** A Fingerprint of the schema that the import API keys a resumed import by (with the source's company). */
  why: string[];
}

const TICKETZ_ONLY = ["WhatsappLidMaps", "ContactTags", "Counters"];

export function detect(catalogue: Catalogue): Detection {
  if (!catalogue.has("Companies") || !catalogue.has("Tickets") || !catalogue.has("Messages")) {
    throw new Error(
      "Not a Whaticket SaaS or ticketz database: the tables Companies, Tickets and Messages are required (single-company Whaticket has no Companies).",
    );
  }
  const why: string[] = [];
  const ticketzTables = TICKETZ_ONLY.filter((t) => catalogue.has(t));
  for (const t of ticketzTables) why.push(`table ${t} (ticketz only)`);
  const messages = catalogue.get("Messages")!;
  const idType = messages.get("id") ?? "character varying";
  const messageIdIsText = !/int|serial|numeric/.test(idType);
  const oldMessages = catalogue.get("OldMessages");
  // 20240418173900-changes-messages-and-oldmessages-tables: OldMessages gains ticketId when Messages' key becomes (id, ticketId).
  const messageKeyHasTicket = !!oldMessages?.has("ticketId");
  if (messageKeyHasTicket) why.push("OldMessages.ticketId (Messages keyed by id and ticketId)");
  return { kind: ticketzTables.length ? "ticketz" : "whaticket-saas", messageIdIsText, messageKeyHasTicket, why };
}
