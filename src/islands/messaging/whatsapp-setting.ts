/**
 * The learner's WhatsApp choice as /settings reads it (GET /user/whatsapp), asked once per page
 * view: by the page's script after the first paint and by the settings island when it comes alive.
 * The page is drawn with the choice most learners have (off, a number to give); a learner whose
 * choice differs gets the section alive at once instead of on their first touch.
 */
import { api } from '../../lib/api.ts';
import type { WhatsAppSetting } from '../../shared/whatsapp-settings.ts';
import { handleExpired } from '../accounts/guard.ts';

/** What the server draws before the answer: WhatsApp offered, off, no code waiting. */
export const SETTING_AT_FIRST: WhatsAppSetting = { available: true, optedIn: false, phone: null, language: null, pendingPhone: null };

let loading: Promise<WhatsAppSetting | null> | undefined;

export function loadWhatsAppSetting(): Promise<WhatsAppSetting | null> {
  loading ??= api<{ whatsapp: WhatsAppSetting }>('/user/whatsapp').then(
    ({ whatsapp }) => whatsapp,
    (error: unknown) => {
      handleExpired(error);
      return null;
    },
  );
  return loading;
}

const drawnAtFirst = (setting: WhatsAppSetting) => setting.available && !setting.optedIn && !setting.pendingPhone;

/** /settings' page script: a choice the first paint does not show brings the section to life now. */
export function startWhatsAppSettingIfNeeded(): void {
  void loadWhatsAppSetting().then((setting) => {
    if (!setting || drawnAtFirst(setting)) return;
    const island = document.getElementById('whatsapp-heading')?.closest('astro-island');
    if (!island) return;
    // Read by client:interaction as it starts watching, or heard by it if it watches already.
    island.setAttribute('data-intent', '');
    island.dispatchEvent(new Event('pointerover'));
  });
}
