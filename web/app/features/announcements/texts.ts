import { addFeatureTexts } from "../../i18n";
import { ptBR } from "./i18n";

// This feature's pt-BR texts (also in the first texts: the top bar's popover shows on every page).
addFeatureTexts("announcements", ptBR);
