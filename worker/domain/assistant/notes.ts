import type { AiFailure } from "../../lib/openai";

type Lang = "pt-BR" | "en" | "es";

const WHY: Record<Lang, Record<AiFailure, string>> = {
  "pt-BR": {
    auth: "a chave da API foi recusada",
    quota: "a cota da conta de IA acabou",
    rate_limited: "o provedor de IA limitou as chamadas",
    server: "o provedor de IA falhou",
    timeout: "o provedor de IA não respondeu a tempo",
    bad_request: "o provedor de IA recusou o pedido",
    bad_response: "a resposta do provedor de IA não pôde ser lida",
    network: "o provedor de IA não pôde ser alcançado",
    forbidden: "o endereço do provedor de IA não é permitido (privado, local ou sem https)",
  },
  en: {
    auth: "the API key was refused",
    quota: "the AI account's quota is exhausted",
    rate_limited: "the AI provider rate-limited the calls",
    server: "the AI provider failed",
    timeout: "the AI provider did not answer in time",
    bad_request: "the AI provider refused the request",
    bad_response: "the AI provider's answer could not be read",
    network: "the AI provider could not be reached",
    forbidden: "the AI provider's address is not allowed (private, local or not https)",
  },
  es: {
    auth: "la clave de la API fue rechazada",
    quota: "se agotó la cuota de la cuenta de IA",
    rate_limited: "el proveedor de IA limitó las llamadas",
    server: "el proveedor de IA falló",
    timeout: "el proveedor de IA no respondió a tiempo",
    bad_request: "el proveedor de IA rechazó la solicitud",
    bad_response: "no se pudo leer la respuesta del proveedor de IA",
    network: "no se pudo contactar al proveedor de IA",
    forbidden: "la dirección del proveedor de IA no está permitida (privada, local o sin https)",
  },
};

const LEAD: Record<Lang, (why: string) => string> = {
  "pt-BR": (why) => `Assistente de IA: não foi possível responder (${why}). O ticket aguarda um atendente.`,
  en: (why) => `AI assistant: could not answer (${why}). The ticket is waiting for an agent.`,
  es: (why) => `Asistente de IA: no se pudo responder (${why}). El ticket espera a un agente.`,
};

/** The note an agent finds on a ticket the assistant had to leave, in the company's language. */
export function failureNote(language: string | undefined, reason: AiFailure): string {
  const lang: Lang = language === "en" || language === "es" ? language : "pt-BR";
  return LEAD[lang](WHY[lang][reason]);
}
