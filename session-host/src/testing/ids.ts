import { idRangeStart } from "../../../worker/contracts/ids";

/**
 * Connection ids for the host's tests, where customers live: ids are platform-wide and company N numbers its rows
 * from (N - 1) × 10^9 + 1 (worker/contracts/ids.ts), so a company that signs up today has 13-digit ids. The host once
 * refused every id over 9 digits and no test noticed, because they all used 1, 2, 7 (issue 21). Use these, not
 * small literals, unless a test is about a small id.
 */

/** The company the host's fixtures belong to by default: the 9,999th. */
export const TEST_COMPANY = 9_999;

/** The `n`-th id of company `companyId` (n from 1): connectionId(1) is 9,998,000,000,001. */
export function connectionId(n = 1, companyId = TEST_COMPANY): number {
  return idRangeStart(companyId) + n;
}

/** The first id of company 9,999: 9,998,000,000,001. */
export const FIRST_ID_OF_COMPANY_9999 = connectionId(1, 9_999);

/** 9,000,000,000,123: the 123rd id of company 9,001. */
export const ID_9_000_000_000_123 = connectionId(123, 9_001);

/** The high-range ids every id-reading surface is walked with. */
export const HIGH_IDS = [ID_9_000_000_000_123, FIRST_ID_OF_COMPANY_9999] as const;
