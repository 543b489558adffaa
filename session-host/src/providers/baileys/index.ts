import type { Provider } from "../provider";
import { BaileysProvider, type BaileysProviderOptions } from "./baileysProvider";

export type { BaileysProviderOptions } from "./baileysProvider";
export type { LoggerLike } from "./logger";

/** The real WhatsApp provider (Baileys 7), its sessions kept in `store`. */
export function createBaileysProvider(options: BaileysProviderOptions): Provider {
  return new BaileysProvider(options);
}
