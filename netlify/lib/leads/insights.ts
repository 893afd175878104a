/**
 * What converts (docs/architecture.md, Insights): SQL aggregates over every lead (lead_facts) of
 * the last 12 weeks, India time, grouped by form, UTM source, medium and campaign, referring site
 * and programme, each per week and in total, with
 * - first contact: the earliest of the pipeline's first_contacted_at, a stage change out of New,
 *   or a note; the median is over the leads contacted so far;
 * - conversion: the lead's person (persons.ts, merges followed) paid a registration fee, a
 *   course or a part of a fee plan (by the email they enrolled with, read from the fee plans' own
 *   function) within 30 days after the lead arrived (recent leads may still convert).
 */
import {
  CONVERSION_DAYS,
  DIMENSION_LABELS,
  INSIGHT_DIMENSIONS,
  INSIGHTS_TIME_ZONE as ZONE,
  INSIGHTS_WEEKS,
  NONE_LABELS,
  type InsightDimension,
  type InsightRow,
  type InsightsDto,
  type InsightsQuery,
} from '../../../src/shared/insights.ts';
import { LEAD_FORM_LABELS } from '../../../src/shared/persons.ts';
import { toCsv, db } from '../platform/index.ts';
import { paidParts } from '../instalments/index.ts';
import { emailKey, syncPersons } from './persons/persons.ts';

type AggregateRow = {
  dimension: InsightDimension | 'all';
  value: string | null;
  week: string | null;
  leads: number;
  contacted: number;
  converted: number;
  median_minutes: number | null;
};

/** Today's date in India, "YYYY-MM-DD". */
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The Mondays of the 12 weeks ending with the week of `to` (a date), oldest first. */
export function weeksEnding(to: string): string[] {
  const day = new Date(`${to}T00:00:00Z`);
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: INSIGHTS_WEEKS }, (_, i) =>
    new Date(monday.getTime() - (INSIGHTS_WEEKS - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

async function aggregate(touch: 'last' | 'first', weeks: string[]): Promise<AggregateRow[]> {
  const sql = db();
  const first = touch === 'first';
  const touchColumns = {
    utm_source: first ? sql`f.first_utm_source` : sql`f.utm_source`,
    utm_medium: first ? sql`f.first_utm_medium` : sql`f.utm_medium`,
    utm_campaign: first ? sql`f.first_utm_campaign` : sql`f.utm_campaign`,
    referrer: first ? sql`f.first_referrer` : sql`f.referrer`,
  };
  const col = (name: keyof typeof touchColumns) => touchColumns[name];
  const end = new Date(Date.parse(`${weeks.at(-1)}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  // Fee-plan parts paid from the first week's start (a day early: IST) to 30 days after the last lead.
  const parts = await paidParts(sql, {
    from: new Date(Date.parse(`${weeks[0]!}T00:00:00Z`) - 86_400_000),
    to: new Date(Date.parse(`${end}T00:00:00Z`) + (CONVERSION_DAYS + 1) * 86_400_000),
  });
  const partEmails = parts.map((p) => emailKey(p.email) ?? '');
  const partTimes = parts.map((p) => p.paidAt.toISOString());
  const rows = await sql<AggregateRow[]>`
    with recursive roots (id, root) as (
      select id, id from persons where merged_into is null
      union all
      select p.id, r.root from persons p join roots r on p.merged_into = r.id
    ),
    paid as (
      select r.root, lp.paid_at from lead_payments lp
      join person_leads pl on pl.lead_kind = lp.lead_kind and pl.lead_id = lp.lead_id
      join roots r on r.id = pl.person_id
      union all
      select r.root, fp.paid_at from unnest(${sql.array(partEmails)}::text[], ${sql.array(partTimes)}::timestamptz[]) as fp (email, paid_at)
      join person_identities pi on pi.kind = 'email' and pi.value = fp.email
      join roots r on r.id = pi.person_id
    ),
    l as (
      select
        to_char(date_trunc('week', f.created_at at time zone ${ZONE}), 'YYYY-MM-DD') as week,
        f.form,
        coalesce(${col('utm_source')}, '') as utm_source,
        coalesce(${col('utm_medium')}, '') as utm_medium,
        coalesce(${col('utm_campaign')}, '') as utm_campaign,
        coalesce(lower(regexp_replace(substring(${col('referrer')} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), '^www\\.', '')), '') as referrer,
        coalesce(f.programme, '') as programme,
        extract(epoch from (least(lp.first_contacted_at, sc.at, n.at) - f.created_at)) / 60 as contact_minutes,
        exists (
          select 1 from paid where paid.root = r.root
            and paid.paid_at >= f.created_at and paid.paid_at < f.created_at + make_interval(days => ${CONVERSION_DAYS})
        ) as converted
      from lead_facts f
      left join lead_pipeline lp on lp.lead_kind = f.lead_kind and lp.lead_id = f.lead_id
      left join lateral (
        select min(c.at) as at from lead_stage_changes c
        where c.lead_kind = f.lead_kind and c.lead_id = f.lead_id and c.from_stage = 'new' and c.to_stage <> 'new'
      ) sc on true
      left join lateral (
        select min(n.created_at) as at from lead_notes n where n.lead_kind = f.lead_kind and n.lead_id = f.lead_id
      ) n on true
      left join person_leads pl on pl.lead_kind = f.lead_kind and pl.lead_id = f.lead_id
      left join roots r on r.id = pl.person_id
      where f.created_at >= (${weeks[0]!}::date::timestamp at time zone ${ZONE})
        and f.created_at < (${end}::date::timestamp at time zone ${ZONE})
    )
    select
      case
        when grouping(form) = 0 then 'form'
        when grouping(utm_source) = 0 then 'utm_source'
        when grouping(utm_medium) = 0 then 'utm_medium'
        when grouping(utm_campaign) = 0 then 'utm_campaign'
        when grouping(referrer) = 0 then 'referrer'
        when grouping(programme) = 0 then 'programme'
        else 'all'
      end as dimension,
      coalesce(form, utm_source, utm_medium, utm_campaign, referrer, programme) as value,
      week,
      count(*)::int as leads,
      count(contact_minutes)::int as contacted,
      (count(*) filter (where converted))::int as converted,
      (percentile_cont(0.5) within group (order by contact_minutes))::float8 as median_minutes
    from l
    group by grouping sets (
      (form, week), (form), (utm_source, week), (utm_source), (utm_medium, week), (utm_medium),
      (utm_campaign, week), (utm_campaign), (referrer, week), (referrer), (programme, week), (programme),
      (week), ()
    )`;
  return [...rows];
}

function label(dimension: InsightDimension, value: string): string {
  if (!value) return NONE_LABELS[dimension];
  return dimension === 'form' ? (LEAD_FORM_LABELS[value] ?? value) : value;
}

/** The dashboard: every table, rows by most leads first. */
export async function insights(query: InsightsQuery, today = todayInIndia()): Promise<InsightsDto> {
  await syncPersons();
  const weeks = weeksEnding(query.to ?? today);
  const rows = await aggregate(query.touch, weeks);
  const index = new Map(weeks.map((w, i) => [w, i]));
  const build = (dimension: InsightDimension | 'all', value: string): InsightRow => {
    const mine = rows.filter((r) => r.dimension === dimension && (dimension === 'all' || r.value === value));
    const total = mine.find((r) => r.week === null);
    const weekly = weeks.map(() => 0);
    for (const r of mine) if (r.week !== null) weekly[index.get(r.week)!] = r.leads;
    const leads = total?.leads ?? 0;
    return {
      value,
      label: dimension === 'all' ? 'All leads' : label(dimension, value),
      weekly,
      leads,
      contacted: total?.contacted ?? 0,
      medianFirstContactMinutes: total?.median_minutes ?? null,
      converted: total?.converted ?? 0,
      conversionRate: leads ? (total?.converted ?? 0) / leads : null,
    };
  };
  const tables = INSIGHT_DIMENSIONS.map((dimension) => {
    const values = rows.filter((r) => r.dimension === dimension && r.week === null).map((r) => r.value ?? '');
    const tableRows = values.map((v) => build(dimension, v)).sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label));
    return { dimension, label: DIMENSION_LABELS[dimension], rows: tableRows };
  });
  return { timeZone: ZONE, touch: query.touch, weeks, total: build('all', ''), tables };
}

/** The same tables as a spreadsheet-safe CSV: one row per table row, the total first. */
export function insightsCsv(dto: InsightsDto): { filename: string; body: string } {
  const header = [
    'table',
    'value',
    ...dto.weeks.map((w) => `week_${w}`),
    'leads',
    'contacted',
    'median_first_contact_minutes',
    'converted_30d',
    'conversion_percent',
  ];
  const line = (table: string, row: InsightRow) => [
    table,
    row.label,
    ...row.weekly,
    row.leads,
    row.contacted,
    row.medianFirstContactMinutes === null ? '' : Math.round(row.medianFirstContactMinutes),
    row.converted,
    row.conversionRate === null ? '' : Math.round(row.conversionRate * 1000) / 10,
  ];
  const body = toCsv(header, [line('Total', dto.total), ...dto.tables.flatMap((t) => t.rows.map((r) => line(t.label, r)))]);
  return { filename: `aspira-insights-${dto.touch}-touch-${dto.weeks.at(-1)}.csv`, body };
}
