import { dateIst } from '../../shared/dates.ts';

/** A batch's (or phase's) India days: "3 Aug 2027 to 31 Dec 2027". */
const day = (iso: string) => dateIst.format(new Date(`${iso}T00:00:00+05:30`));
export const batchDates = (b: { startsOn: string; endsOn: string }) => `${day(b.startsOn)} to ${day(b.endsOn)}`;
export const batchPath = (id: string) => `/admin/batch?id=${encodeURIComponent(id)}`;

/** A programme a batch may be of: its slug (src/content/programmes) and name. */
export type Programme = { slug: string; name: string };
