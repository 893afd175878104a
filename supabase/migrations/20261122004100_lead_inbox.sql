-- The admin inbox over every lead and payment.

-- The admin inbox (GET /api/v1/admin/leads): one row per lead or payment, newest first when read.
-- Every source is normalised to the same columns; a new source is one more branch here (in a new
-- migration that replaces the view), and the inbox, its filters and the CSV export follow.
create view lead_inbox as
  select
    'contact'::text as kind,
    r.id::text as id,
    r.created_at,
    nullif(r.name, '') as name,
    r.email,
    r.phone,
    initcap(r.source) || coalesce(' · ' || nullif(r.programme, ''), '') || coalesce(' · ' || nullif(left(r.comments, 120), ''), '') as summary,
    jsonb_strip_nulls(jsonb_build_object(
      'source', r.source, 'programme', r.programme, 'comments', nullif(r.comments, ''),
      'utmSource', r.utm_source, 'utmMedium', r.utm_medium, 'utmCampaign', r.utm_campaign,
      'utmTerm', r.utm_term, 'utmContent', r.utm_content, 'referrer', r.referrer
    )) as details
  from contact_requests r
  union all
  select
    'scholarship', s.id::text, s.created_at, s.name, s.email, s.phone,
    s.institute || ' · ' || left(s.message, 120),
    jsonb_strip_nulls(jsonb_build_object(
      'institute', s.institute, 'message', s.message,
      'utmSource', s.utm_source, 'utmMedium', s.utm_medium, 'utmCampaign', s.utm_campaign,
      'utmTerm', s.utm_term, 'utmContent', s.utm_content, 'referrer', s.referrer
    ))
  from scholarship_applications s
  union all
  select
    'pitch', p.id::text, p.created_at, p.name, p.email, p.phone,
    p.startup_name || ' · ' || p.stage || ' · ' || p.location,
    jsonb_strip_nulls(jsonb_build_object(
      'startupName', p.startup_name, 'stage', p.stage, 'location', p.location, 'linkedin', p.linkedin,
      'website', p.website, 'industries', to_jsonb(p.industries), 'otherIndustry', p.other_industry,
      'startupIdea', p.startup_idea, 'problem', p.problem, 'audience', p.audience, 'uvp', p.uvp,
      'funding', p.funding, 'usage', p.usage, 'equity', p.equity, 'team', p.team, 'vision', p.vision,
      'pitchDeckLink', p.pitch_deck_link, 'demoLink', p.demo_link, 'heardFrom', p.heard_from,
      'comments', p.comments, 'additionalComments', p.additional_comments,
      'utmSource', p.utm_source, 'utmMedium', p.utm_medium, 'utmCampaign', p.utm_campaign,
      'utmTerm', p.utm_term, 'utmContent', p.utm_content, 'referrer', p.referrer
    ))
  from startup_pitches p
  union all
  -- Registrations: one row per paid registration-fee payment, and one per registration not paid yet.
  select
    'registration', r.id || ':' || p.id::text, coalesce(p.paid_at, p.created_at), r.name, r.email, r.phone,
    'Paid · ' || p.program_name || ' · ₹' || trim(to_char(p.amount_paise / 100.0, 'FM999999999990.00')) || ' · ' || p.payment_id,
    jsonb_strip_nulls(jsonb_build_object(
      'status', 'paid', 'programName', p.program_name, 'feeOption', p.fee_option,
      'amountRupees', p.amount_paise / 100.0, 'paymentId', p.payment_id, 'orderId', p.order_id, 'paidAt', p.paid_at,
      'registrationId', r.id, 'registeredAt', r.created_at,
      'fatherName', r.father_name, 'qualification', nullif(r.qualification, ''),
      'highschoolPercent', r.highschool_percent, 'universityPercent', r.university_percent,
      'sop', nullif(r.sop, ''), 'experience', nullif(r.experience, ''), 'motivation', r.motivation
    ))
  from registration_payments p
  join registrations r on r.id = p.registration_id
  where p.status = 'paid'
  union all
  select
    'registration', r.id, r.created_at, r.name, r.email, r.phone,
    'Unpaid' || coalesce(' · ' || last_try.program_name, ''),
    jsonb_strip_nulls(jsonb_build_object(
      'status', 'unpaid', 'lastProgramTried', last_try.program_name, 'registrationId', r.id,
      'fatherName', r.father_name, 'qualification', nullif(r.qualification, ''),
      'highschoolPercent', r.highschool_percent, 'universityPercent', r.university_percent,
      'sop', nullif(r.sop, ''), 'experience', nullif(r.experience, ''), 'motivation', r.motivation
    ))
  from registrations r
  left join lateral (
    select program_name from registration_payments where registration_id = r.id order by created_at desc limit 1
  ) last_try on true
  where not exists (select 1 from registration_payments p where p.registration_id = r.id and p.status = 'paid')
  union all
  select
    'order', o.id::text, o.created_at,
    nullif(trim(a.first_name || ' ' || a.last_name), ''),
    o.email,
    null::text,
    c.title || ' · ' || o.status || ' · ₹' || trim(to_char(o.amount_paise / 100.0, 'FM999999999990.00')),
    jsonb_strip_nulls(jsonb_build_object(
      'course', c.title, 'courseId', o.course_id, 'amountRupees', o.amount_paise / 100.0,
      'status', o.status, 'paymentId', o.payment_id, 'orderId', o.gateway_order_id, 'paidAt', o.paid_at
    ))
  from course_orders o
  join accounts a on a.id = o.account_id
  join courses c on c.id = o.course_id;

-- Which kinds the inbox can hold (sources whose tables exist), for the kind filter.
create view lead_inbox_kinds as
  select kind from (values ('contact'::text), ('scholarship'), ('pitch'), ('registration'), ('order')) as k (kind);
