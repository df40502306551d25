/** A calculated day's staleness as SQL, shared by the batch list (management/) and the day statuses (query/). */
import { sql } from "kysely";

/**
 * Whether the report of batch `b` is stale: it was calculated, and data of its day arrived since (appended
 * rows of the day wait to be folded in). Given the one company the batches are of, it is named as a value:
 * Citus sends a subquery correlated on the distribution column to every shard (docs/citus.md).
 */
export const staleColumn = (timeZone: string, companyId: number | null) => {
  const company = companyId === null ? sql.ref("b.company_id") : sql`${companyId}`;
  return sql`(b.status in ('calculated', 'published') and case
    when b.kind = 'online' then exists (select from sdk_event_raw r where r.company_id = ${company}
      and r.hour >= (b.dt::timestamp at time zone ${timeZone})
      and r.hour < ((b.dt + 1)::timestamp at time zone ${timeZone}))
    else exists (select from affiliate_stat_raw r where r.company_id = ${company} and r.dt = b.dt)
  end) as stale`;
};
