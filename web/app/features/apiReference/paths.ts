/** The public API's reference page, and its part on tokens (the API tokens page links there). */
export const API_DOCS_PATH = "/api/docs";
export const API_DOCS_AUTHENTICATION = `${API_DOCS_PATH}#authentication`;
