import type { IntegrationOutcome } from "./outcome";

type Reason = Extract<IntegrationOutcome, { kind: "failed" }>["reason"];
type Lang = "pt-BR" | "en" | "es";

const WHY: Record<Lang, Record<Reason, string>> = {
  "pt-BR": {
    timeout: "não respondeu a tempo",
    network: "não pôde ser alcançada",
    refused: "recusou a chamada",
    rate_limited: "limitou as chamadas",
    server: "falhou",
    bad_response: "deu uma resposta ilegível",
    secret: "está sem segredo de assinatura legível",
    credentials: "está com a conta de serviço ilegível",
    unsupported: "ainda não é atendida por este tipo",
  },
  en: {
    timeout: "did not answer in time",
    network: "could not be reached",
    refused: "refused the call",
    rate_limited: "rate-limited the calls",
    server: "failed",
    bad_response: "gave an unreadable answer",
    secret: "has no readable signing secret",
    credentials: "has an unreadable service account",
    unsupported: "is not handled for this type yet",
  },
  es: {
    timeout: "no respondió a tiempo",
    network: "no se pudo contactar",
    refused: "rechazó la llamada",
    rate_limited: "limitó las llamadas",
    server: "falló",
    bad_response: "dio una respuesta ilegible",
    secret: "no tiene un secreto de firma legible",
    credentials: "tiene una cuenta de servicio ilegible",
    unsupported: "aún no se atiende para este tipo",
  },
};
const LEAD: Record<Lang, (why: string) => string> = {
  "pt-BR": (why) => `Integração: a integração da fila ${why}. O ticket aguarda um atendente.`,
  en: (why) => `Integration: the queue's integration ${why}. The ticket is waiting for an agent.`,
  es: (why) => `Integración: la integración de la cola ${why}. El ticket espera a un agente.`,
};

export function integrationFailureNote(language: string | undefined, reason: Reason, status: number | null): string {
  const lang: Lang = language === "en" || language === "es" ? language : "pt-BR";
  return LEAD[lang](`${WHY[lang][reason]}${status ? ` (HTTP ${status})` : ""}`);
}
