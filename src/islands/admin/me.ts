/**
 * The logged-in admin as the server knows them (GET /admin/me): the role decides which sections
 * the chrome and the screens offer. Asked once per page; the API enforces the role regardless.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import type { AdminRoleName } from '../../shared/pipeline.ts';

export type AdminMe = { id: string; email: string; firstName: string; adminRole: AdminRoleName };

let pending: Promise<AdminMe | null> | undefined;

/** Where an admin starts: faculty run their batches and see nothing of leads; the others the dashboard. */
export function adminHome(role: string | undefined): string {
  return role === 'faculty' ? '/admin/batches' : '/admin/dashboard';
}

export function adminMe(): Promise<AdminMe | null> {
  pending ??= api<AdminMe>('/admin/me').catch(() => null);
  return pending;
}

export function useAdminMe(enabled = true): AdminMe | null {
  const [me, setMe] = useState<AdminMe | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void adminMe().then((value) => live && setMe(value));
    return () => {
      live = false;
    };
  }, [enabled]);
  return me;
}
