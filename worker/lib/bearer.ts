/** The token of an `Authorization: Bearer <token>` header, or "" when there is none (any case, surrounding spaces). */
export function bearerToken(authorization: string | null | undefined): string {
  return /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
}
