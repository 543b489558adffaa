import { sql } from "drizzle-orm";
import type { Campaign } from "../../db/tenant";
import type { Db } from "../../db/client";

/**
 * Writes the campaign's recipients, one shipping row per number (unique per campaign): its contact list's items,
 * or the contacts of the tickets carrying its tag. Run when the campaign starts and again on restart: numbers
 * already there keep their row (and so their state: a delivered contact is never sent to again); numbers added to
 * the list since are added. One INSERT … SELECT each, so a list of any size is a single statement.
 */
export function writeShippings(db: Db, campaign: Pick<Campaign, "id" | "companyId" | "contactListId" | "tagListId">, now: Date) {
  const at = now.getTime();
  if (campaign.contactListId !== null) {
    db.run(sql`
      insert into campaign_shippings (company_id, campaign_id, number, name, email, variables, contact_list_item_id, status, created_at, updated_at)
      select company_id, ${campaign.id}, number, name, email, variables, id, 'queued', ${at}, ${at}
      from contact_list_items
      where company_id = ${campaign.companyId} and contact_list_id = ${campaign.contactListId}
      order by id
      on conflict (campaign_id, number) do nothing`);
    return;
  }
  if (campaign.tagListId !== null) {
    db.run(sql`
      insert into campaign_shippings (company_id, campaign_id, number, name, email, variables, contact_id, status, created_at, updated_at)
      select c.company_id, ${campaign.id}, c.number, c.name, coalesce(c.email, ''), '{}', min(c.id), 'queued', ${at}, ${at}
      from contacts c
      where c.company_id = ${campaign.companyId} and c.is_group = 0 and c.id in (
        select t.contact_id from tickets t join ticket_tags tt on tt.ticket_id = t.id
        where t.company_id = ${campaign.companyId} and tt.tag_id = ${campaign.tagListId})
      group by c.number
      order by min(c.id)
      on conflict (campaign_id, number) do nothing`);
  }
}
