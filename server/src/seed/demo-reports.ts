/**
 * Demo report data of the demo publisher (docs/rules/reports.md#pipeline): 90 days of SDK counters for every
 * demo placement (two 12-hour reports a day per placement and country, a weekday rhythm, a country mix, fill,
 * display and click rates and eCPM by ad style and country) and affiliate stats (sub-channels × offers ×
 * countries), all calculated; every day is published except yesterday, which is calculated and waits to be
 * published. Written in bulk from SQL (generate_series, a hash for the noise), so a fresh start stays quick.
 * Deterministic. Its CASEs are searched ones (`case when x = 6`): Citus 13 deparses a simple `case x when 6`
 * of a query it pushes to the workers into SQL they refuse (docs/citus.md).
 */
import { addReportDays, reportDateToIso } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { seedReportDays } from "../modules/reports/pipeline/service.ts";

/** country, traffic weight, eCPM factor */
const COUNTRY_MIX: readonly [string, number, number][] = [
  ["US", 1.0, 3.0],
  ["IN", 1.8, 0.25],
  ["BR", 1.0, 0.6],
  ["DE", 0.45, 2.0],
  ["JP", 0.4, 2.4],
  ["OTHER", 1.2, 0.4],
];

/** ad style, fill rate, display rate (of fills), click rate, eCPM in USD */
const STYLE_RATES: readonly [number, number, number, number, number][] = [
  [1, 0.92, 0.85, 0.008, 0.4],
  [2, 0.78, 0.7, 0.015, 1.5],
  [3, 0.65, 0.9, 0.04, 8],
  [4, 0.7, 0.8, 0.03, 5],
];

const SUB_CHANNELS = ["sub_alpha", "sub_beta", "sub_gamma"];
/** offer id, package, payout per conversion in USD, conversion rate */
const OFFERS: readonly [string, string, number, number][] = [
  ["OF-1001", "com.partner.shop", 1.2, 0.05],
  ["OF-1002", "com.partner.games", 2.4, 0.03],
  ["OF-1003", "com.partner.travel", 3.1, 0.02],
  ["OF-1004", "com.partner.music", 0.8, 0.07],
];
const AFFILIATE_COUNTRIES: readonly [string, number][] = [
  ["US", 1.0],
  ["BR", 0.8],
  ["IN", 1.3],
  ["DE", 0.4],
];

const valuesList = (rows: readonly (readonly (string | number)[])[]) =>
  sql.raw(
    rows
      .map(
        (row) =>
          `(${row.map((v) => (typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(", ")})`,
      )
      .join(", "),
  );

const DEMO_REPORT_DAYS = 90;

/** Seeds the demo publisher's raw report data for the 90 days ending yesterday and calculates them. */
export async function seedDemoReports(
  db: Db,
  companyId: number,
  today: string,
  timeZone: string,
): Promise<void> {
  const first = reportDateToIso(addReportDays(today, -DEMO_REPORT_DAYS));
  const last = reportDateToIso(addReportDays(today, -1));
  // r(n): a stable pseudo-random number in [0, 1) per row and purpose.
  await sql`
    insert into sdk_event_hourly
      (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
    select p.company_id, h.hour, p.id, c.country, p.app_id, p.ad_style, v.request, v.fill, v.show, v.click,
      round(v.show * s.ecpm * c.ecpm_factor * (0.85 + 0.3 * v.r3) / 1000, 6)
    from ad_position p
    join (values ${valuesList(STYLE_RATES)}) as s(style, fill_rate, show_rate, click_rate, ecpm) on s.style = p.ad_style
    cross join (values ${valuesList(COUNTRY_MIX)}) as c(country, weight, ecpm_factor)
    cross join generate_series(
      date_trunc('hour', ${first}::date::timestamp at time zone ${timeZone}),
      ((${last}::date + 1)::timestamp at time zone ${timeZone}) - interval '1 hour',
      interval '12 hours') as h(hour)
    cross join lateral (
      select (abs(hashtext(p.id || ':' || c.country || ':' || h.hour::text)) % 10000) / 10000.0 as r1,
        (abs(hashtext(h.hour::text || ':' || c.country || ':' || p.id)) % 10000) / 10000.0 as r2,
        (abs(hashtext(c.country || ':' || p.id || ':' || h.hour::text)) % 10000) / 10000.0 as r3,
        case when extract(isodow from h.hour at time zone ${timeZone}) = 6 then 1.18
          when extract(isodow from h.hour at time zone ${timeZone}) = 7 then 1.22 else 1.0 end
          * case when extract(hour from h.hour at time zone ${timeZone}) < 12 then 0.8 else 1.2 end as rhythm
    ) as n
    cross join lateral (
      select floor((6000 + (p.id * 37 % 5) * 3600) * c.weight * n.rhythm * (0.8 + 0.4 * n.r1))::bigint as request
    ) as q
    cross join lateral (
      select q.request, floor(q.request * s.fill_rate * (0.94 + 0.1 * n.r2))::bigint as fill, n.r3
    ) as f
    cross join lateral (
      select f.request, f.fill, floor(f.fill * s.show_rate * (0.95 + 0.08 * n.r1))::bigint as show, f.r3
    ) as w
    cross join lateral (
      select w.request, w.fill, w.show, floor(w.show * s.click_rate * (0.7 + 0.6 * n.r2))::bigint as click, w.r3
    ) as v
    where p.company_id = ${companyId}
      and h.hour >= (${first}::date::timestamp at time zone ${timeZone})`.execute(db);

  await sql`
    insert into affiliate_stat
      (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
    select ${companyId}, d.dt, sc.sub_channel, o.offer_id, o.pkg, c.country, v.click, v.conversion,
      floor(v.conversion * (0.05 + 0.1 * n.r2))::bigint,
      round(v.conversion * o.unit_payout, 6), round(v.conversion * o.unit_payout * (0.7 + 0.15 * n.r3), 6)
    from generate_series(${first}::date, ${last}::date, interval '1 day') as d(dt)
    cross join (values ${valuesList(SUB_CHANNELS.map((name) => [name]))}) as sc(sub_channel)
    cross join (values ${valuesList(OFFERS)}) as o(offer_id, pkg, unit_payout, conversion_rate)
    cross join (values ${valuesList(AFFILIATE_COUNTRIES)}) as c(country, weight)
    cross join lateral (
      select (abs(hashtext(sc.sub_channel || o.offer_id || c.country || d.dt::text)) % 10000) / 10000.0 as r1,
        (abs(hashtext(d.dt::text || c.country || o.offer_id || sc.sub_channel)) % 10000) / 10000.0 as r2,
        (abs(hashtext(c.country || d.dt::text || sc.sub_channel || o.offer_id)) % 10000) / 10000.0 as r3,
        case when extract(isodow from d.dt) = 6 then 1.2 when extract(isodow from d.dt) = 7 then 1.25 else 1.0 end
          as rhythm
    ) as n
    cross join lateral (
      select floor((200 + 1800 * n.r1) * c.weight * n.rhythm)::bigint as click
    ) as k
    cross join lateral (
      select k.click, floor(k.click * o.conversion_rate * (0.6 + 0.8 * n.r3))::bigint as conversion
    ) as v`.execute(db);

  await seedReportDays(db, companyId, { from: first, to: last }, timeZone);
}
