-- Applicants' documents (docs/architecture.md, Documents): the files an applicant uploads for a
-- registration (marksheets, passport, CV ...). The bytes live in a private Storage bucket; a row
-- here is the only way to reach them. One row per upload: issued (a signed upload URL was handed
-- out), then uploaded (checked by its bytes), approved or rejected by the team, or replaced by a
-- newer upload, refused by the byte check, or expired (never confirmed in time).
create table applicant_documents (
  id bigint generated always as identity primary key,
  registration_id text not null references registrations (id) on delete cascade,
  doc_type text not null check (doc_type ~ '^[a-z0-9-]{2,40}$'),
  object_path text not null unique check (length(object_path) between 1 and 300),
  status text not null default 'issued'
    check (status in ('issued', 'uploaded', 'approved', 'rejected', 'replaced', 'refused', 'expired')),
  file_name text not null check (length(file_name) between 1 and 200),
  -- Declared when the upload is issued (counts against the registration's cap), the real size once checked.
  size_bytes bigint not null check (size_bytes > 0),
  content_type text check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  reject_reason text check (length(reject_reason) between 1 and 500),
  uploaded_by text references accounts (id) on delete set null,
  expires_at timestamptz not null,             -- the upload must be confirmed before this
  uploaded_at timestamptz,
  reviewed_by text references accounts (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  -- A replaced upload keeps the reason it was rejected for.
  check (status <> 'rejected' or reject_reason is not null)
);
-- At most one current document per registration and type (a new upload replaces the old one).
create unique index applicant_documents_current on applicant_documents (registration_id, doc_type)
  where status in ('uploaded', 'approved', 'rejected');
create index applicant_documents_by_registration on applicant_documents (registration_id, created_at);
create index applicant_documents_issued on applicant_documents (expires_at) where status = 'issued';
alter table applicant_documents enable row level security;

-- Storage objects to delete (erasure, a replaced or refused file, an expired upload). Written in
-- the transaction that forgets the row, so a committed erasure can never leave its file behind:
-- the request tries at once after its answer, the scheduled job retries until Storage says done.
create table document_deletions (
  object_path text primary key check (length(object_path) between 1 and 300),
  queued_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (length(last_error) <= 500)
);
alter table document_deletions enable row level security;
