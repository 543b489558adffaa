import { eq } from "drizzle-orm";
import { companies, connectionRoutes, loginEmails } from "../../db/control";
import type { Env } from "../../env";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { platformAuditInsert } from "../audit/recordPlatformAudit";

/**
 * Deletes a company and everything it owns: its open tabs are told, then its hub's storage goes (users, sessions,
 * connections, tickets, …; the sockets are closed), then its files in R2, then its control rows (the company, its
 * login e-mails and connection routes). The control row goes last, so a deletion interrupted half-way is finished
 * by asking again. Its users' next request answers 401.
 */
export async function deleteCompany({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "companies:manage");
  if (input.id === ctx.companyId) throw new AppError("ERR_CANNOT_DELETE_OWN_COMPANY");
  if (input.id === PLATFORM_COMPANY_ID) {
    throw new AppError("ERR_CANNOT_DELETE_OWN_COMPANY", "The platform company cannot be deleted.");
  }
  const found = await ctx.control.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, input.id)).get();
  if (!found) throw new AppError("ERR_NO_COMPANY_FOUND");
  const event = { type: "company", action: "delete", companyId: input.id } as const;
  const hub = ctx.hubs.of(input.id);
  await hub.publish([{ audience: { kind: "company" }, event }]);

  await hub.destroy();
  await deleteCompanyFiles(ctx.env, input.id);
  await ctx.control.batch([
    ctx.control.delete(loginEmails).where(eq(loginEmails.companyId, input.id)),
    ctx.control.delete(connectionRoutes).where(eq(connectionRoutes.companyId, input.id)),
    ctx.control.delete(companies).where(eq(companies.id, input.id)),
    platformAuditInsert(ctx, { action: "company.deleted", company: { id: input.id, name: found.name }, target: { type: "company", id: input.id, label: found.name } }),
  ]);
  await ctx.hub.publish([{ audience: { kind: "admins" }, event }]);
}

/** Every object under `companies/<id>/` in R2, a page (up to 1000 keys) at a time. */
export async function deleteCompanyFiles(env: Env, companyId: number): Promise<void> {
  const prefix = `companies/${companyId}/`;
  for (;;) {
    // Each page is deleted before the next is listed, so listing from the start again finds what is left.
    const page = await env.MEDIA.list({ prefix, limit: 1000 });
    if (page.objects.length === 0) return;
    await env.MEDIA.delete(page.objects.map((o) => o.key));
    if (!page.truncated) return;
  }
}
