import { eq } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { companies, loginEmails } from "../../db/control";
import type { NewCompany } from "../../db/control";
import { AppError, isUniqueViolation } from "../errors";
import type { HubDirectory } from "../hubPort";
import type { SetupCompanyInput } from "./setupCompany";

/**
 * A new company, all or nothing (Cadastrar Empresa and public signup): its row goes into the control database (with
 * the first admin's login e-mail claimed there), then its own hub writes its default settings and that admin. A
 * failure after the control row undoes it, so a refused or failed registration leaves no company behind.
 */
export async function insertCompany(
  deps: { control: ControlDb; hubs: HubDirectory },
  fields: NewCompany,
  admin: { name: string; email: string; passwordHash: string } | null,
): Promise<number> {
  const { control, hubs } = deps;
  let companyId: number;
  try {
    companyId = (await control.insert(companies).values(fields).returning({ id: companies.id }).get()).id;
  } catch (err) {
    if (isUniqueViolation(err, "companies.name")) throw new AppError("ERR_COMPANY_NAME_IN_USE");
    throw err;
  }
  try {
    const setup: SetupCompanyInput = { admin: null };
    if (admin) {
      // The e-mail is claimed before the user exists (user id 0 until the hub writes the user).
      const claimed = await control
        .insert(loginEmails)
        .values({ email: admin.email, companyId, userId: 0 })
        .onConflictDoNothing()
        .returning({ email: loginEmails.email });
      if (claimed.length === 0) throw new AppError("ERR_EMAIL_IN_USE", "A user with this email already exists.");
      setup.admin = admin;
    }
    await hubs.of(companyId).call("setupCompany", setup);
  } catch (err) {
    // Its login e-mail goes with the row (cascade); the hub is emptied in case it wrote anything.
    await control.delete(companies).where(eq(companies.id, companyId));
    await hubs.of(companyId).destroy().catch(() => undefined);
    throw err;
  }
  return companyId;
}
