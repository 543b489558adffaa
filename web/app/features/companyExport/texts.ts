import { addFeatureTexts } from "../../i18n";
import { ptBR } from "./i18n";

// This feature's pt-BR texts, registered by the code that shows them (imported for its side effect).
addFeatureTexts("companyExport", ptBR);
