import { z } from "zod";
import { TOO_LONG } from "./fieldMessages";

/** Rows per page of the searchable, infinite-scroll lists (users, companies, contacts, tags, quick messages). */
export const PAGE_SIZE = 20;

/** Query of the paged lists: searchParam and pageNumber (from 1). */
export const pagedSearchQuery = z.object({
  searchParam: z.string().trim().max(200, TOO_LONG).default(""),
  pageNumber: z.coerce.number({ error: "Must be a page number" }).int("Must be a page number").min(1, "Must be a page number").max(100_000).default(1),
});
export type PagedSearchQuery = z.infer<typeof pagedSearchQuery>;
