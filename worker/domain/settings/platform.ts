/**
 * The platform company: the super admin's company, created first (id 1) by the seed and by deployment setup.
 * Platform settings (allowregister, viewregister, trial, integrations) are its settings rows.
 */
export const PLATFORM_COMPANY_ID = 1;
