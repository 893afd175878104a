-- Admin: course images may live in Supabase Storage (the admin inbox view follows in its own migration).

-- Images: the row stays (it is what courses.image_id references, with the size and type); the
-- bytes are here for the Postgres store, or in Supabase Storage under the same content-hash id.
alter table images alter column bytes drop not null;
alter table images add column storage text not null default 'postgres' check (storage in ('postgres', 'supabase'));
alter table images add constraint images_bytes_where_stored check ((storage = 'postgres') = (bytes is not null));
