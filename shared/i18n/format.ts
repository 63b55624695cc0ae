// Dates, times, numbers and rupees in the desk's language, through Intl: the renderer and the
// station format the same way. Indian locales group by lakh and crore (1,23,45,678) and every
// time is India Standard Time, whatever the computer's own zone. Times are 24-hour in every
// language: hi-IN's 12-hour form is "2:35 pm" (am/pm in Latin letters) in both Node 20's and
// Chromium's ICU, while "14:35" reads the same in both scripts and on both sides.
export const DESK_TIME_ZONE = 'Asia/Kolkata';

/** A moment as the contract carries it (ISO text) or as code holds it. */
export type When = Date | number | string;

const instant = (at: When): Date => (at instanceof Date ? at : new Date(at));

export interface Formatter {
  /** The BCP 47 tag Intl was given, e.g. en-IN, hi-IN. */
  readonly locale: string;
  number(value: number, fractionDigits?: number): string;
  rupees(value: number): string;
  /** 24 Nov 2026 */
  date(at: When): string;
  /** 14:05 */
  time(at: When): string;
  /** 14:05:09: print jobs and scans a few seconds apart */
  timeSeconds(at: When): string;
  /** 24 Nov, 14:05 (this year's dates on the floor: the year is known) */
  shortDateTime(at: When): string;
  /** 24 Nov 2026, 14:05 */
  dateTime(at: When): string;
}

const cache = new Map<string, Formatter>();

export function formatterFor(locale: string): Formatter {
  const known = cache.get(locale);
  if (known) return known;
  const zone = { timeZone: DESK_TIME_ZONE } as const;
  const date = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short', year: 'numeric' });
  const time = new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const timeSeconds = new Intl.DateTimeFormat(locale, { ...zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const shortDateTime = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dateTime = new Intl.DateTimeFormat(locale, { ...zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // Paise are shown only when there are any: prices on the floor are mostly whole rupees.
  const rupees = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const numbers = new Map<number, Intl.NumberFormat>();
  const formatter: Formatter = {
    locale,
    number(value, fractionDigits) {
      const key = fractionDigits ?? -1;
      let f = numbers.get(key);
      if (!f) {
        f = new Intl.NumberFormat(locale, fractionDigits === undefined ? { maximumFractionDigits: 3 } : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
        numbers.set(key, f);
      }
      return f.format(value);
    },
    rupees: (value) => rupees.format(value),
    date: (at) => date.format(instant(at)),
    time: (at) => time.format(instant(at)),
    timeSeconds: (at) => timeSeconds.format(instant(at)),
    shortDateTime: (at) => shortDateTime.format(instant(at)),
    dateTime: (at) => dateTime.format(instant(at)),
  };
  cache.set(locale, formatter);
  return formatter;
}
