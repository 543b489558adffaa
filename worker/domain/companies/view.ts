import { eq } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { companies, plans } from "../../db/control";
import type { Company } from "../../db/control";
import type { CompanyView } from "../../contracts/views/company";

export type { CompanyView };

/** A company as the API answers it, with its plan's id and name. */
export function companyView(company: Company, plan: { id: number; name: string } | null): CompanyView {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence,
    campaignsEnabled: company.campaignsEnabled,
    timezone: company.timezone,
    schedules: company.schedules,
    billingName: company.billingName,
    addressZipCode: company.addressZipCode,
    addressStreet: company.addressStreet,
    addressState: company.addressState,
    addressCity: company.addressCity,
    addressDistrict: company.addressDistrict,
    trialExpiration: company.trialExpiration,
    createdAt: company.createdAt,
    updatedAt: company.updatedAt,
  };
}

/** Select a company with its plan's name: `control.select(companyWithPlan).from(companies).leftJoin(plans, …)`. */
export const companyWithPlan = { company: companies, planName: plans.name };

export function viewOfRow(row: { company: Company; planName: string | null }): CompanyView {
  const { company, planName } = row;
  return companyView(company, company.planId !== null && planName !== null ? { id: company.planId, name: planName } : null);
}

/** A company as the control database holds it (the source of truth; hubs keep copies). */
export async function loadCompanyView(control: ControlDb, id: number): Promise<CompanyView | null> {
  const row = await control
    .select(companyWithPlan)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, id))
    .get();
  return row ? viewOfRow(row) : null;
}
