import { z } from "zod";
import { MAX_MEDIA_BYTES } from "../contracts/messages";
import { egressFetch, type EgressAnswer, type EgressRequest } from "./egress";
import { AiError, aiErrorOf, DEFAULT_CHAT_OPTIONS, failureOf, OPENAI_BASE_URL, type ChatOptions } from "./openai";

/**
 * Voice for the assistant (ADR 0040): OpenAI's transcriptions API (POST {base}/audio/transcriptions, multipart, a
 * `file` and a `model`) for a contact's voice note, and speech for the answer, either OpenAI's speech API (POST
 * {base}/audio/speech, `response_format: "opus"`) or Azure's text-to-speech REST API (POST
 * https://{region}.tts.speech.microsoft.com/cognitiveservices/v1, SSML, `X-Microsoft-OutputFormat:
 * ogg-24khz-16bit-mono-opus`) when a prompt has a voice key and region. Both produce Ogg/Opus, what WhatsApp plays as
 * a voice note, so nothing is converted in the worker. Timeouts, retries, failures and the egress guard as the chat
 * client's; audio is read up to the media size cap.
 */
export const TRANSCRIBE_MODEL = "whisper-1";
export const SPEECH_MODEL = "tts-1";
export const AZURE_SPEECH_URL = "https://{region}.tts.speech.microsoft.com/cognitiveservices/v1";
export const VOICE_MIMETYPE = "audio/ogg; codecs=opus";

/** The spec's Azure voices, by the nearest of OpenAI's own when OpenAI speaks (its voices are not Azure's). */
const OPENAI_VOICE: Record<string, string> = {
  "pt-BR-FranciscaNeural": "nova",
  "pt-BR-BrendaNeural": "shimmer",
  "pt-BR-ElzaNeural": "alloy",
  "pt-BR-GiovannaNeural": "nova",
  "pt-BR-LeilaNeural": "shimmer",
  "pt-BR-LeticiaNeural": "nova",
  "pt-BR-ManuelaNeural": "shimmer",
  "pt-BR-YaraNeural": "alloy",
  "pt-BR-AntonioNeural": "onyx",
  "pt-BR-DonatoNeural": "echo",
  "pt-BR-FabioNeural": "fable",
  "pt-BR-HumbertoNeural": "onyx",
  "pt-BR-JulioNeural": "echo",
  "pt-BR-NicolauNeural": "fable",
  "pt-BR-ValerioNeural": "onyx",
};
export const openAiVoiceOf = (voice: string) => (Object.hasOwn(OPENAI_VOICE, voice) ? OPENAI_VOICE[voice]! : "alloy");

const transcription = z.object({ text: z.string() });

export async function transcribe(req: { baseUrl?: string; apiKey: string; audio: ArrayBuffer; mimetype: string; filename: string }, opts: ChatOptions): Promise<string> {
  const url = `${(req.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "")}/audio/transcriptions`;
  const res = await attempt(opts, () => {
    const form = new FormData();
    form.append("file", new File([req.audio], req.filename, { type: req.mimetype }));
    form.append("model", TRANSCRIBE_MODEL);
    form.append("response_format", "json");
    return { url, init: { method: "POST", headers: { authorization: `Bearer ${req.apiKey}` }, body: form } };
  });
  let json: unknown = null;
  try {
    json = JSON.parse(res.text());
  } catch {
    json = null;
  }
  const parsed = transcription.safeParse(json);
  if (!parsed.success) throw new AiError("bad_response", res.status, "The transcription's answer could not be read");
  return parsed.data.text.trim();
}

export async function openAiSpeech(req: { baseUrl?: string; apiKey: string; text: string; voice: string }, opts: ChatOptions): Promise<ArrayBuffer> {
  const url = `${(req.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, "")}/audio/speech`;
  const body = JSON.stringify({ model: SPEECH_MODEL, input: req.text.slice(0, 4096), voice: openAiVoiceOf(req.voice), response_format: "opus" });
  const res = await attempt(opts, () => ({ url, init: { method: "POST", headers: { authorization: `Bearer ${req.apiKey}`, "content-type": "application/json" }, body } }));
  return audioOf(res);
}

export async function azureSpeech(req: { key: string; region: string; text: string; voice: string; urlTemplate?: string }, opts: ChatOptions): Promise<ArrayBuffer> {
  const url = (req.urlTemplate || AZURE_SPEECH_URL).replace("{region}", encodeURIComponent(req.region));
  const lang = /^[a-z]{2}-[A-Z]{2}/.exec(req.voice)?.[0] ?? "pt-BR";
  const ssml = `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${lang}"><voice name="${xml(req.voice)}">${xml(req.text.slice(0, 4000))}</voice></speak>`;
  const res = await attempt(opts, () => ({
    url,
    init: {
      method: "POST",
      headers: { "ocp-apim-subscription-key": req.key, "content-type": "application/ssml+xml", "x-microsoft-outputformat": "ogg-24khz-16bit-mono-opus", "user-agent": "zapdesk" },
      body: ssml,
    },
  }));
  return audioOf(res);
}

function audioOf(res: EgressAnswer): ArrayBuffer {
  if (!res.bytes.byteLength) throw new AiError("bad_response", res.status, "The speech service answered no audio");
  return res.bytes.slice().buffer;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const RETRIED = new Set(["rate_limited", "server", "timeout", "network"]);

/** One call with a timeout per attempt and retries (jittered backoff, Retry-After honoured); answers an ok answer. */
async function attempt(opts: ChatOptions, build: () => { url: string; init: EgressRequest }): Promise<EgressAnswer> {
  const { timeoutMs, retries, baseDelayMs, maxDelayMs } = { ...DEFAULT_CHAT_OPTIONS, ...opts };
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let last: AiError | undefined;
  for (let i = 0; i <= retries; i++) {
    if (i > 0) {
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (i - 1));
      await sleep(last?.retryAfterMs !== undefined ? Math.min(maxDelayMs, last.retryAfterMs) : backoff / 2 + Math.random() * (backoff / 2));
    }
    const { url, init } = build();
    try {
      const res = await egressFetch(opts.egress, url, init, { timeoutMs, maxBytes: MAX_MEDIA_BYTES });
      if (res.ok) return res;
      last = failureOf(res, res.text());
    } catch (err) {
      last = aiErrorOf(err, timeoutMs, "Could not reach the speech service");
    }
    if (!RETRIED.has(last.reason)) break;
  }
  throw last!;
}
