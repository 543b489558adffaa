import { addFeatureTexts } from "../../../i18n";
import { ptBR } from "./i18n";

// The chat's pt-BR texts (the browser starts with their acks only), registered by the code that shows them (imported
// for its side effect).
addFeatureTexts("ticketChat", ptBR);
