import { describe, expect, it } from "vitest";
import type { TrackingEntry } from "../types";
import { historySentence, historyText } from "./history";
import { ptBR } from "../i18n";

const ana = { id: 1_000_000_011, name: "Ana" };
const carla = { id: 1_000_000_012, name: "Carla" };
const vendas = { id: 1_000_000_021, name: "Vendas", color: "#16a34a" };
const suporte = { id: 1_000_000_022, name: "Suporte", color: "#2563eb" };
const loja = { id: 1_000_000_031, name: "Loja" };
const delivery = { id: 1_000_000_032, name: "Delivery" };

function transfer(over: Partial<TrackingEntry>): TrackingEntry {
  return {
    id: 1_000_000_101,
    action: "transfer",
    fromStatus: "open",
    toStatus: "open",
    createdAt: "2026-11-28T12:00:00.000Z",
    byUser: carla,
    fromUser: carla,
    toUser: null,
    fromQueue: vendas,
    toQueue: vendas,
    ...over,
  };
}

/** The pt-BR catalogue's sentence, with i18next's {{value}} interpolation. */
const t = (key: string, values: Record<string, string>) => {
  const template = key.split(".").slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ptBR) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
};

describe("historySentence: a transfer", () => {
  it("names the new agent after a change of queue", () => {
    const s = historySentence(transfer({ toQueue: suporte, toUser: ana }));
    expect(historyText(s, t)).toBe("Transferido de Vendas para Suporte por Carla · atribuído a Ana");
  });

  it("names the connection it moved to, with the agent", () => {
    const s = historySentence(transfer({ toUser: ana, fromWhatsapp: loja, toWhatsapp: delivery }));
    expect(historyText(s, t)).toBe("Transferido de Carla para Ana por Carla · conexão Loja → Delivery");
  });

  it("says a change of connection alone, by the system too", () => {
    const s = historySentence(transfer({ byUser: null, toUser: carla, fromWhatsapp: loja, toWhatsapp: delivery }));
    expect(historyText(s, t)).toBe("Transferido da conexão Loja para Delivery · atribuído a Carla");
  });

  it("keeps the old sentences when no agent or connection changed", () => {
    expect(historyText(historySentence(transfer({ toQueue: suporte })), t)).toBe("Transferido de Vendas para Suporte por Carla");
    expect(historyText(historySentence(transfer({ fromWhatsapp: loja, toWhatsapp: loja })), t)).toBe("Carla transferiu para aguardando");
  });
});

describe("historySentence: automatic assignment", () => {
  it("names the agent the system gave the ticket to", () => {
    const s = historySentence(transfer({ action: "autoAssign", fromStatus: "pending", byUser: null, fromUser: null, toUser: ana }));
    expect(historyText(s, t)).toBe("Distribuído automaticamente para Ana");
  });
});
