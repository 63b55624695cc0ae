// Time left to the dispatch-by date, in words: "Due in 2 h 5 min", "Overdue by 40 min".
// Overdue is said in words as well as shown in red, so it does not rest on colour alone.

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
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${mins} min`;
  return `${Math.max(mins, 1)} min`;
}

export function dispatchCountdown(dispatchBy: string, now: number): Countdown {
  const at = Date.parse(dispatchBy);
  if (Number.isNaN(at)) return { overdue: false, soon: false, text: 'No dispatch-by date' };
  const left = at - now;
  if (left < 0) return { overdue: true, soon: false, text: `Overdue by ${span(-left)}` };
  return { overdue: false, soon: left < 2 * 3_600_000, text: `Due in ${span(left)}` };
}

/** A date and time as a packer in India reads it: "21 Nov, 14:30". */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kolkata' });
}
