/**
 * The bench's data (docs/performance.md): a large publisher (placements × 40 countries × 90 days of SDK data)
 * beside nine smaller companies, and affiliate data of similar size, written straight into the raw tables and
 * then calculated through the real pipeline and published.
 *
 * Scale: BENCH_SCALE (default 0.1 = 50 placements, ~180k daily rows; 1 = the budgets' size, 500 placements,
 * ~1.8M).
 */
import { randomBytes } from "node:crypto";
import { addReportDays, COUNTRY_KEYS, reportDateToIso, todayInTimeZone } from "@pc/contract";
import { sql } from "kysely";
import type { Runtime } from "../server/src/bootstrap.ts";
import { md5Hex } from "../server/src/lib/passwords.ts";
import { ALL_BATCHES, runQueue } from "../server/src/modules/reports/pipeline/service.ts";
import { createCompany } from "../server/src/modules/tenancy/service.ts";
import { ms, timed } from "./measure.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? "0.1");
const DAYS = 90;
const COUNTRIES = COUNTRY_KEYS.filter((key) => /^[A-Z]{2}$/.test(key)).slice(0, 40);
const BIG_PLACEMENTS = Math.max(4, Math.round((500 * SCALE) / 4) * 4);
const SMALL_PLACEMENTS = Math.max(4, Math.round(BIG_PLACEMENTS / 10 / 4) * 4);
const SMALL_COUNTRIES = 10;
/** Affiliate: sub-channels × offers × countries a day, about the SDK's size. */
const SUBS = Math.max(2, Math.round(20 * Math.sqrt(SCALE)));
const OFFERS = Math.max(2, Math.round(25 * Math.sqrt(SCALE)));
const AFF_COUNTRIES = 40;
export const TZ = "UTC";

const today = todayInTimeZone(TZ);
export const first = addReportDays(today, -DAYS);
export const last = addReportDays(today, -1);

export const scaleText = () =>
  `scale ${SCALE} — big publisher ${BIG_PLACEMENTS} placements × ${COUNTRIES.length} countries × ${DAYS} days, ` +
  `9 publishers of ${SMALL_PLACEMENTS} × ${SMALL_COUNTRIES}; affiliate ${SUBS} sub-channels × ${OFFERS} offers × ${AFF_COUNTRIES} countries a day`;

export async function generate(runtime: Runtime, log: (text: string) => void) {
  const { db } = runtime.database;
  const passwordMd5 = md5Hex("Bench12345");
  await createCompany(db, {
    name: "Bench Operator",
    hosts: [],
    isOperator: true,
    admin: { email: `op-${randomBytes(4).toString("hex")}@bench.test`, userName: "Operator", passwordMd5 },
  });
  const companies: { id: number; userId: number; placements: number; countries: number }[] = [];
  for (let index = 0; index < 10; index++) {
    const made = await createCompany(db, {
      name: index === 0 ? "Big Publisher" : `Small Publisher ${index}`,
      hosts: [],
      isOperator: false,
      admin: {
        email: `admin-${index}-${randomBytes(4).toString("hex")}@bench.test`,
        userName: "Admin",
        passwordMd5,
      },
    });
    companies.push({
      id: made.company_id,
      userId: made.user_id,
      placements: index === 0 ? BIG_PLACEMENTS : SMALL_PLACEMENTS,
      countries: index === 0 ? COUNTRIES.length : SMALL_COUNTRIES,
    });
  }
  const [, rawSeconds] = await timed(async () => {
    for (const company of companies) {
      await sql`
        insert into app (company_id, name, pkg, url, app_key, sdk_secret)
        select ${company.id}, 'Bench App ' || g, 'com.bench.app' || g, 'https://bench.test',
          md5('key-' || ${company.id} || '-' || g), 'secret'
        from generate_series(1, ${company.placements / 4}) as g`.execute(db);
      await sql`
        insert into ad_position (company_id, app_id, name, ad_style, content_type)
        select a.company_id, a.id, 'Slot ' || a.id || '-' || s, s,
          (case s when 1 then '{5,6}' when 3 then '{3,4}' else '{1,2}' end)::smallint[]
        from app a cross join generate_series(1, 4) as s where a.company_id = ${company.id}`.execute(db);
      const countries = COUNTRIES.slice(0, company.countries);
      // One report a day per placement and country (the daily table is what is measured), ten days a statement.
      for (let start = 0; start < DAYS; start += 10) {
        const from = reportDateToIso(addReportDays(first, start));
        const to = reportDateToIso(addReportDays(first, Math.min(DAYS, start + 10) - 1));
        await sql`
          insert into sdk_event_hourly
            (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
          select p.company_id, d.day + interval '12 hours', p.id, c.country, p.app_id, p.ad_style,
            v.request, v.fill, v.show, v.click, round(v.show * (0.3 + p.ad_style * 1.7) * v.f / 1000, 6)
          from ad_position p
          cross join unnest(${countries}::text[]) as c(country)
          cross join generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') as d(day)
          cross join lateral (select (abs(hashtext(p.id || c.country || d.day::text)) % 1000) / 1000.0 as f) as h
          cross join lateral (
            select floor(1000 + 9000 * h.f)::bigint as request, floor((1000 + 9000 * h.f) * 0.8)::bigint as fill,
              floor((1000 + 9000 * h.f) * 0.6)::bigint as show, floor((1000 + 9000 * h.f) * 0.01)::bigint as click,
              h.f
          ) as v
          where p.company_id = ${company.id}`.execute(db);
      }
      const subs = company === companies[0] ? SUBS : Math.max(2, Math.round(SUBS / 3));
      const offers = company === companies[0] ? OFFERS : Math.max(2, Math.round(OFFERS / 3));
      const affCountries = company === companies[0] ? AFF_COUNTRIES : SMALL_COUNTRIES;
      await sql`
        insert into affiliate_stat
          (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
        select ${company.id}, d.dt, 'sub_' || s, 'OF-' || o, 'com.offer.p' || o, c.country,
          v.click, v.click / 20, v.click / 200, round(v.click * 0.05, 6), round(v.click * 0.04, 6)
        from generate_series(${reportDateToIso(first)}::date, ${reportDateToIso(last)}::date, interval '1 day') as d(dt)
        cross join generate_series(1, ${subs}) as s
        cross join generate_series(1, ${offers}) as o
        cross join unnest(${COUNTRIES.slice(0, affCountries)}::text[]) as c(country)
        cross join lateral (
          select floor(100 + 900 * ((abs(hashtext(s || '-' || o || c.country || d.dt::text)) % 1000) / 1000.0))::bigint
            as click
        ) as v`.execute(db);
    }
  });
  const counts = await sql<{ sdk: number; aff: number }>`
    select (select count(*)::int from sdk_event_hourly) as sdk, (select count(*)::int from affiliate_stat) as aff`.execute(
    db,
  );
  log(
    `  generated ${counts.rows[0]?.sdk} SDK rows and ${counts.rows[0]?.aff} affiliate rows in ${(rawSeconds / 1000).toFixed(1)} s`,
  );

  await sql`
    insert into report_batch (company_id, kind, dt, status, queued)
    select c.id, k.kind, d.dt::date, 'pending', true
    from company c cross join (values ('online'), ('offline')) as k(kind)
    cross join generate_series(${reportDateToIso(first)}::date, ${reportDateToIso(last)}::date, interval '1 day') as d(dt)
    where not c.is_operator`.execute(db);
  const [ran, calcMs] = await timed(() => runQueue(db, ALL_BATCHES, { timeZone: TZ }, 100_000));
  await sql`update report_batch set status = 'published', publish_time = now()`.execute(db);
  // The steady state of a database whose tables autovacuum has analyzed.
  await sql`analyze`.execute(db);
  const fine = await sql<{ n: number }>`
    select count(*)::int as n from rpt_online_fine where company_id = ${companies[0]?.id ?? 0}`.execute(db);
  log(
    `  calculated ${ran} batches in ${(calcMs / 1000).toFixed(1)} s (${ms(calcMs / ran)} a batch); big publisher: ${fine.rows[0]?.n} daily SDK rows`,
  );
  const big = companies[0];
  if (!big) throw new Error("no company");
  return { big, calcPerBatch: calcMs / ran, fineRows: fine.rows[0]?.n ?? 0 };
}
