import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translation as ptBR } from "../../i18n/lang/pt-BR";
import { translation as en } from "../../i18n/lang/en";
import { translation as es } from "../../i18n/lang/es";
import { healthLine, isStale, refusalText, type ConnectionHealthView } from "./health";

const i18n = i18next.createInstance();
void i18n.init({
  resources: { "pt-BR": { translation: ptBR }, en: { translation: en }, es: { translation: es } },
  lng: "pt-BR",
  initAsync: false,
  interpolation: { escapeValue: false },
});
const pt = i18n.getFixedT("pt-BR");
const NOW = Date.parse("2026-11-30T12:00:00Z");
const view = (over: Partial<ConnectionHealthView> = {}): ConnectionHealthView => ({
  lastEventAt: new Date(NOW - 3 * 60_000).toISOString(),
  reconnects24h: 0,
  silentRestarts24h: 0,
  recovered24h: 0,
  refusal: null,
  hostId: null,
  ...over,
});

describe("a connection's health line", () => {
  it("says when the host last heard from WhatsApp and that nothing dropped in 24\u00a0hours", () => {
    expect(healthLine(view(), pt, "pt-BR", NOW)).toBe("Último evento há 3 minutos · sem quedas em 24\u00a0h");
    expect(healthLine(view({ lastEventAt: null }), pt, "pt-BR", NOW)).toBe("Nenhum evento ainda · sem quedas em 24\u00a0h");
    expect(healthLine(view({ lastEventAt: new Date(NOW - 20_000).toISOString() }), pt, "pt-BR", NOW)).toBe("Último evento agora mesmo · sem quedas em 24\u00a0h");
  });

  it("counts reconnects, silent restarts and recovered messages of the last 24\u00a0hours, each in its plural", () => {
    expect(healthLine(view({ reconnects24h: 2, silentRestarts24h: 1, recovered24h: 7 }), pt, "pt-BR", NOW)).toBe(
      "Último evento há 3 minutos · 24\u00a0h: 2 reconexões, 1 reinício por silêncio, 7 mensagens recuperadas",
    );
    expect(healthLine(view({ reconnects24h: 1, recovered24h: 1 }), i18n.getFixedT("en"), "en", NOW)).toBe("Last event 3 minutes ago · 24\u00a0h: 1 reconnect, 1 message recovered");
    expect(healthLine(view({ silentRestarts24h: 3 }), i18n.getFixedT("es"), "es", NOW)).toBe("Último evento hace 3 minutos · 24\u00a0h: 3 reinicios por silencio");
  });

  it("warns only for a CONNECTED connection whose last event is over 2 hours old", () => {
    const old = view({ lastEventAt: new Date(NOW - 121 * 60_000).toISOString() });
    expect(isStale(old, "CONNECTED", NOW)).toBe(true);
    expect(isStale(view(), "CONNECTED", NOW)).toBe(false);
    expect(isStale(old, "DISCONNECTED", NOW)).toBe(false);
    expect(isStale(view({ lastEventAt: null }), "CONNECTED", NOW)).toBe(false);
    expect(isStale(null, "CONNECTED", NOW)).toBe(false);
  });

  it("says each refusal plainly, in every language, and nothing without one", () => {
    expect(refusalText(view({ refusal: "passkey_required" }), pt)).toBe(
      "O WhatsApp agora pede uma chave de acesso (passkey) para conectar este número, e uma conexão pelo WhatsApp Web não consegue fornecê-la.",
    );
    expect(refusalText(view(), pt)).toBeNull();
    for (const lng of ["pt-BR", "en", "es"]) {
      const t = i18n.getFixedT(lng);
      for (const refusal of ["passkey_required", "banned", "restricted", "logged_out", "replaced"] as const) {
        const text = refusalText(view({ refusal }), t);
        expect(text).not.toContain("connections.");
        expect(text!.length).toBeGreaterThan(30);
      }
    }
  });
});
