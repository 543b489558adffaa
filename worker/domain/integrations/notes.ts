import type { IntegrationOutcome, SkippedMedia } from "../../contracts/hubJobs";

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
    forbidden: "aponta para um endereço não permitido (privado, local ou sem https)",
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
    forbidden: "points at an address that is not allowed (private, local or not https)",
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
    forbidden: "apunta a una dirección no permitida (privada, local o sin https)",
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

const SKIPPED: Record<Lang, Record<SkippedMedia["reason"], string>> = {
  "pt-BR": {
    forbidden: "não foi buscado: o endereço não é permitido (privado, local ou sem https)",
    unreachable: "não pôde ser buscado; o link foi enviado como texto",
    too_large: "é maior que o limite de arquivos; o link foi enviado como texto",
    type: "não é o tipo de arquivo que diz ser; o link foi enviado como texto",
  },
  en: {
    forbidden: "was not fetched: its address is not allowed (private, local or not https)",
    unreachable: "could not be fetched; its link was sent as text",
    too_large: "is larger than the file limit; its link was sent as text",
    type: "is not the kind of file it claims to be; its link was sent as text",
  },
  es: {
    forbidden: "no se buscó: la dirección no está permitida (privada, local o sin https)",
    unreachable: "no se pudo buscar; el enlace se envió como texto",
    too_large: "supera el límite de archivos; el enlace se envió como texto",
    type: "no es el tipo de archivo que dice ser; el enlace se envió como texto",
  },
};
const MEDIA_LEAD: Record<Lang, string> = { "pt-BR": "Integração: um arquivo do bot", en: "Integration: a file from the bot", es: "Integración: un archivo del bot" };

/** Why a bot's file did not go as a file, with what the guard or the fetch said (no query string: it may hold a token). */
export function mediaSkippedNote(language: string | undefined, skipped: SkippedMedia): string {
  const lang: Lang = language === "en" || language === "es" ? language : "pt-BR";
  return `${MEDIA_LEAD[lang]} ${SKIPPED[lang][skipped.reason]}. (${skipped.detail})`;
}
