// Time left to the dispatch-by date, in words: "Due in 2 h 5 min", "Overdue by 40 min".
// Overdue is said in words as well as shown in red, so it does not rest on colour alone.
import { currentFormatter, tr } from '../../i18n/i18n.js';

export interface Countdown {
  overdue: boolean;
  /** Less than two hours left: worth a glance. */
  soon: boolean;
  text: string;
}

function span(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return tr('queue.days', { d: days, h: hours });
  if (hours > 0) return tr('queue.hours', { h: hours, m: mins });
  return tr('queue.minutes', { m: Math.max(mins, 1) });
}

export function dispatchCountdown(dispatchBy: string, now: number): Countdown {
  const at = Date.parse(dispatchBy);
  if (Number.isNaN(at)) return { overdue: false, soon: false, text: tr('queue.noDispatchBy') };
  const left = at - now;
  if (left < 0) return { overdue: true, soon: false, text: tr('queue.overdueBy', { span: span(-left) }) };
  return { overdue: false, soon: left < 2 * 3_600_000, text: tr('queue.dueIn', { span: span(left) }) };
}

/** A date and time as a packer in India reads it, in IST: "21 Nov, 14:30". */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return currentFormatter().shortDateTime(d);
}
