import { api } from "../../lib/api";
import type { PromptPayload, PromptRow, PromptsList } from "./types";

export function listPrompts() {
  return api<PromptsList>("/prompt");
}

export function createPrompt(payload: PromptPayload) {
  return api<PromptRow>("/prompt", { method: "POST", body: payload });
}

export function updatePrompt(id: number, payload: Partial<PromptPayload>) {
  return api<PromptRow>(`/prompt/${id}`, { method: "PUT", body: payload });
}

export function deletePrompt(id: number) {
  return api<{ message: string }>(`/prompt/${id}`, { method: "DELETE" });
}
