-- Admins are owners, counsellors or faculty (who see and run only their batches).
alter table accounts drop constraint accounts_admin_role_check;
alter table accounts add constraint accounts_admin_role_check check (admin_role in ('owner', 'counsellor', 'faculty'));
