import { z } from "zod";
import type { Env } from "../env";
import { dropGoogleToken, googleAccessToken, GOOGLE_TOKEN_URL, type ServiceAccount } from "./google";
import { requestJson, type HttpOptions, type HttpResult } from "./httpJson";

/**
 * A client for Dialogflow ES's detectIntent (REST v2: POST {api}/v2/projects/{project}/agent/sessions/{session}:detectIntent
 * with a text queryInput and its languageCode), authenticated by the integration's service account. Answers the
 * fulfillment texts and whether the matched intent ends the conversation. See ADR 0041.
 */
export const DIALOGFLOW_API_URL = "https://dialogflow.googleapis.com";

/** Dialogflow's endpoints from the environment (tests and the demo point them at fakes). */
export const dialogflowEndpoints = (env: Pick<Env, "GOOGLE_TOKEN_URL" | "DIALOGFLOW_API_URL">): DialogflowEndpoints => ({ tokenUrl: env.GOOGLE_TOKEN_URL, apiUrl: env.DIALOGFLOW_API_URL });

export interface DialogflowEndpoints {
  apiUrl?: string;
  tokenUrl?: string;
}

export interface DialogflowAnswer {
  texts: string[];
  intent: string | null;
  endInteraction: boolean;
}

export type DialogflowResult = { ok: true; answer: DialogflowAnswer } | Extract<HttpResult, { ok: false }> | { ok: false; status: null; reason: "credentials"; detail: string };

const detectIntentAnswer = z.object({
  queryResult: z
    .object({
      fulfillmentText: z.string().optional(),
      fulfillmentMessages: z.array(z.looseObject({ text: z.object({ text: z.array(z.string()).default([]) }).optional() })).optional(),
      intent: z.object({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).optional(),
    })
    .default({}),
});

export async function detectIntent(
  account: ServiceAccount,
  query: { projectId: string; sessionId: string; text: string; languageCode: string },
  endpoints: DialogflowEndpoints,
  opts: HttpOptions,
): Promise<DialogflowResult> {
  const tokenUrl = endpoints.tokenUrl || GOOGLE_TOKEN_URL;
  const token = await googleAccessToken(account, tokenUrl, opts);
  if (!token.ok) return token;
  const base = (endpoints.apiUrl || DIALOGFLOW_API_URL).replace(/\/+$/, "");
  const url = `${base}/v2/projects/${encodeURIComponent(query.projectId)}/agent/sessions/${encodeURIComponent(query.sessionId)}:detectIntent`;
  const result = await requestJson(
    url,
    {
      headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json" },
      body: JSON.stringify({ queryInput: { text: { text: query.text.slice(0, 256), languageCode: query.languageCode } } }),
    },
    opts,
  );
  if (!result.ok) {
    if (result.status === 401) dropGoogleToken(account, tokenUrl);
    return result;
  }
  const parsed = detectIntentAnswer.safeParse(result.json);
  if (!parsed.success) return { ok: false, status: result.status, reason: "bad_response", detail: "The answer was not a detectIntent response" };
  const q = parsed.data.queryResult;
  const fromMessages = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).map((t) => t.trim()).filter(Boolean);
  const texts = fromMessages.length ? [...new Set(fromMessages)] : q.fulfillmentText?.trim() ? [q.fulfillmentText.trim()] : [];
  return { ok: true, answer: { texts, intent: q.intent?.displayName ?? null, endInteraction: q.intent?.endInteraction === true } };
}
