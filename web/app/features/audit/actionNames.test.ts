import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "../../../../worker/contracts/audit";
import { actionGroups, actionName } from "./actionNames";
import { filtersKey, auditQueryOf, NO_FILTERS } from "./filters";
import { deviceLabel as deviceName } from "../../../../worker/lib/device";
import { ptBR } from "./i18n";
import { en } from "./i18n.en";
import { es } from "./i18n.es";

describe("the audit page's action names", () => {
  it("groups every code by its area, in the catalogue's order, each once", () => {
    const groups = actionGroups();
    expect(groups.flatMap((g) => g.actions)).toEqual([...AUDIT_ACTIONS]);
    expect(groups[0]!.area).toBe("auth");
    expect(new Set(groups.map((g) => g.area)).size).toBe(groups.length);
  });

  it("names every code and area in pt-BR, en and es", () => {
    for (const texts of [ptBR, en, es]) {
      for (const action of AUDIT_ACTIONS) {
        const [area, verb] = action.split(".") as [keyof typeof texts.actions, string];
        expect((texts.actions[area] as Record<string, string>)[verb], action).toBeTruthy();
        expect(texts.areas[area], area).toBeTruthy();
      }
    }
  });

  it("falls back to the code for one the texts do not know", () => {
    const t = ((key: string, options: { defaultValue: string }) => (key === "audit.actions.queue.created" ? "Fila criada" : options.defaultValue)) as unknown as TFunction;
    expect(actionName("queue.created", t)).toBe("Fila criada");
    expect(actionName("queue.renamed", t)).toBe("queue.renamed");
  });
});

describe("the audit page's filters", () => {
  it("asks for whole days in the company's zone, the last day included", () => {
    const query = auditQueryOf({ ...NO_FILTERS, from: "2026-03-10", to: "2026-03-10", action: "queue." }, "America/Sao_Paulo");
    expect(query).toEqual({ actorId: undefined, action: "queue.", from: "2026-03-10T03:00:00.000Z", to: "2026-03-11T03:00:00.000Z", companyId: undefined });
  });

  it("sends who to the company's log and the company to the platform's", () => {
    const filters = { ...NO_FILTERS, actorId: "7", companyId: "9" };
    expect(auditQueryOf(filters, "UTC")).toMatchObject({ actorId: "7", companyId: undefined });
    expect(auditQueryOf(filters, "UTC", true)).toMatchObject({ actorId: undefined, companyId: "9" });
    expect(filtersKey(filters)).not.toBe(filtersKey(NO_FILTERS));
  });

  it("names the browser and system of an entry's user agent", () => {
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36")).toBe("Chrome · Windows");
    expect(deviceName("something")).toBeNull();
    expect(deviceName(null)).toBeNull();
  });
});
