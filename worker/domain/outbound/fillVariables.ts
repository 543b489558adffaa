/**
 * Fills {nome}, {numero}, {email} and any custom variable ({chave}) in a text sent to a contact (schedules and
 * campaigns, spec 002). Keys are matched without regard to case; an unknown {word} is left as it was written.
 */
export function fillVariables(text: string, values: Record<string, string>): string {
  const byKey = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  return text.replace(/\{([\p{L}\p{N}_-]{1,40})\}/gu, (whole, key: string) => byKey.get(key.toLowerCase()) ?? whole);
}

/** The contact's own variables. */
export function contactVariables(contact: { name: string; number: string; email?: string | null }): Record<string, string> {
  return { nome: contact.name, numero: contact.number, email: contact.email ?? "" };
}
