import type { PromptView } from "../../../../worker/contracts/prompts";

/** Shapes of the prompts API (GET /api/prompt and friends). */
export type PromptRow = PromptView;
export type PromptUsage = PromptView["usage"];

export interface PromptsList {
  prompts: PromptRow[];
  count: number;
  hasMore: boolean;
  usage: PromptUsage;
}

export interface PromptPayload {
  name: string;
  prompt: string;
  queueId: number;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  voice: string;
  voiceRegion: string;
  model: string;
  baseUrl: string;
  /** Sent only when typed: absent keeps the saved key. */
  apiKey?: string;
  /** Absent keeps the saved speech key; "" removes it. */
  voiceKey?: string;
}
