import type { CreateMacroInput, UpdateMacroInput } from "../../../../worker/contracts/automation/macros";
import { api } from "../../lib/api";
import { postFile } from "../../lib/upload";
import type { MacroRow, MacroRun } from "./types";

export const listMacros = () => api<MacroRow[]>("/macros");

export const createMacro = (payload: CreateMacroInput) => api<MacroRow>("/macros", { method: "POST", body: payload });

export const updateMacro = (id: number, payload: UpdateMacroInput) => api<MacroRow>(`/macros/${id}`, { method: "PUT", body: payload });

export const deleteMacro = (id: number) => api<unknown>(`/macros/${id}`, { method: "DELETE" });

export const uploadMacroMedia = (id: number, file: File, fileName: string) => postFile<MacroRow>(`/macros/${id}/media`, file, { fileName });

export const deleteMacroMedia = (id: number) => api<MacroRow>(`/macros/${id}/media`, { method: "DELETE" });

/** Runs a macro on the ticket, as the signed-in agent. */
export const runMacro = (ticketId: number, macroId: number) => api<MacroRun>(`/tickets/${ticketId}/macros/${macroId}/run`, { method: "POST" });
