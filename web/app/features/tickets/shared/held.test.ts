import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { openTicketConflict } from "../../../../../worker/contracts/tickets";
import { ptBR } from "../list/i18n";
import { heldSentence } from "./held";

/** The pt-BR catalogue's sentence for "tickets.…", with i18next's {{value}} interpolation. */
const t = ((key: string, values: Record<string, string> = {}) => {
  const template = key.split(".").slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ptBR) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}) as unknown as TFunction;

const encomendas = { id: 1_000_000_021, name: "Encomendas" };

describe("heldSentence: ERR_OTHER_OPEN_TICKET's detail as the agent reads it", () => {
  it("says only the queue to an agent who may not see the ticket", () => {
    const body = { error: "ERR_OTHER_OPEN_TICKET", message: "…", holder: { status: "open", queue: encomendas, user: null } };
    expect(heldSentence(openTicketConflict.parse(body), t)).toBe("Este contato já está em atendimento na fila Encomendas.");
  });

  it("names the agent to someone who may see the ticket, and says when it waits", () => {
    const held = openTicketConflict.parse({ holder: { status: "open", queue: encomendas, user: { id: 1_000_000_003, name: "Luana Ferreira" } } });
    expect(heldSentence(held, t)).toBe("Este contato já está em atendimento com Luana Ferreira na fila Encomendas.");
    const waiting = openTicketConflict.parse({ holder: { status: "pending", queue: encomendas, user: null } });
    expect(heldSentence(waiting, t)).toBe("Este contato já está aguardando atendimento na fila Encomendas.");
  });

  it("refuses a body without the typed holder (an older server's answer)", () => {
    expect(openTicketConflict.safeParse({ error: "ERR_OTHER_OPEN_TICKET", message: "…" }).success).toBe(false);
  });
});
