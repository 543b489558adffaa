/** A contact shared in a chat (contactMessage / vcard): the vCard's name and first phone number. */
export interface SharedContact {
  name: string;
  number: string;
}

function unfold(text: string): string[] {
  // vCard lines may be folded (a continuation starts with a space or a tab).
  return text.replace(/\r\n/g, "\n").replace(/\n[ \t]/g, "").split("\n");
}

function parseOne(lines: string[]): SharedContact | null {
  let fn = "";
  let n = "";
  let number = "";
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const head = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1).trim();
    const name = head.split(";")[0]?.replace(/^ITEM\d+\./, "");
    if (name === "FN") fn = value;
    else if (name === "N" && !n) n = value.split(";").filter(Boolean).reverse().join(" ");
    else if (name === "TEL" && !number) {
      const waid = /WAID=(\d+)/.exec(head)?.[1];
      number = waid ?? value.replace(/[^\d+]/g, "");
    }
  }
  const name = fn || n;
  return name || number ? { name: name || number, number } : null;
}

/** Every card in the text (a message may carry several); none when it is not a vCard. */
export function parseVCards(text: string): SharedContact[] {
  const cards: SharedContact[] = [];
  let current: string[] | null = null;
  for (const line of unfold(text)) {
    const upper = line.trim().toUpperCase();
    if (upper === "BEGIN:VCARD") current = [];
    else if (upper === "END:VCARD") {
      const card = current ? parseOne(current) : null;
      if (card) cards.push(card);
      current = null;
    } else current?.push(line);
  }
  return cards;
}
