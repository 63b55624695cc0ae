// The Activity screen (issue "packing desk app", screen 8): the journal as a searchable audit
// trail, and the day's counts per shift and packs per hour.
import { useEffect, useState, type FormEvent } from 'react';
import { StartupNotice } from '../../app/startup-notice.js';
import { useStation } from '../../app/station-context.js';
import { useActivityStore } from '../../stores/activity-store.js';
import { ListExport } from '../../app/list-export.js';
import { Field } from '../setup/form-field.js';
import { istWords } from '../returns/ist-date.js';
import { dayRange, todayInIst } from './day-range.js';
import { StatsTables } from './stats-tables.js';
import { VideoPanel } from '../../video/video-panel.js';
import { ActivityScopeChoice, WarehouseActivity, useActivityScope } from '../warehouse/warehouse-activity.js';

const STATUS_WORDS: Record<string, string> = { ok: 'Done', done: 'Done', success: 'Done', failed: 'Failed', failure: 'Failed', pending: 'Not finished', unknown: 'Outcome unknown' };

/** "24 Nov 2026" for a YYYY-MM-DD day of the filter; "any day" when the filter leaves it open. */
function dayWords(day: string): string {
  if (!day) return 'any day';
  const at = new Date(`${day}T12:00:00+05:30`);
  return Number.isNaN(at.getTime()) ? day : new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

export default function ActivityScreen() {
  const api = useStation();
  const scope = useActivityScope((s) => s.scope);
  const { entries, stats, loading, searched, error, search, loadStats } = useActivityStore();
  const [text, setText] = useState('');
  const [from, setFrom] = useState(todayInIst());
  const [to, setTo] = useState(todayInIst());
  const [rangeError, setRangeError] = useState<string>();
  /** The filters of the list on screen (not of the form being edited), for its export. */
  const [shown, setShown] = useState<{ text: string; from: string; to: string }>(() => ({ text: '', from: todayInIst(), to: todayInIst() }));

  useEffect(() => {
    void search(api, dayRange(todayInIst(), todayInIst()));
    void loadStats(api);
  }, [api, search, loadStats]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (from && to && from > to) {
      setRangeError('The “to” day is before the “from” day.');
      return;
    }
    setRangeError(undefined);
    setShown({ text: text.trim(), from, to });
    void search(api, { text: text.trim() || undefined, ...dayRange(from, to) });
    void loadStats(api, from && from === to ? from : undefined);
  }

  return (
    <section aria-label="Activity" className="screen screen-activity">
      <h1>Activity</h1>
      <StartupNotice />
      <ActivityScopeChoice />
      {scope === 'warehouse' ? <WarehouseActivity /> : null}
      <div hidden={scope === 'warehouse'}>
      <form aria-label="Search the activity" onSubmit={submit} className="inline-form" noValidate>
        <Field id="act-text" label="Search text" hint="A shipment id, an order id, an operator or a word of what happened.">
          {(a) => <input {...a} type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Field id="act-from" label="From (day, IST)">
          {(a) => <input {...a} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field id="act-to" label="To (day, IST)" error={rangeError}>
          {(a) => <input {...a} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <button type="submit" disabled={loading}>
          Search
        </button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {loading ? <p role="status">Searching…</p> : searched ? <p role="status">{entries.length === 0 ? 'Nothing was recorded that matches.' : `${entries.length} ${entries.length === 1 ? 'record' : 'records'} found.`}</p> : null}
      {entries.length > 0 ? (
        <ListExport
          list={() => ({
            title: 'Activity',
            subtitle: `${shown.from === shown.to ? dayWords(shown.from) : `${dayWords(shown.from)} to ${dayWords(shown.to)}`} (IST)${shown.text ? `; search: ${shown.text}` : ''}; ${entries.length} ${entries.length === 1 ? 'record' : 'records'}.`,
            fileName: `activity-${shown.from || 'all'}${shown.to && shown.to !== shown.from ? `-to-${shown.to}` : ''}`,
            columns: ['Time (IST)', 'What happened', 'Shipments', 'Operator', 'Status'],
            rows: entries.map((e) => [istWords(e.at), e.text, e.shipmentIds.join(', '), e.operator || '', e.status ? (STATUS_WORDS[e.status.toLowerCase()] ?? e.status) : '']),
          })}
        />
      ) : null}
      {entries.length > 0 ? (
        <table>
          <caption>Audit trail</caption>
          <thead>
            <tr>
              <th scope="col">Time (IST)</th>
              <th scope="col">What happened</th>
              <th scope="col">Shipments</th>
              <th scope="col">Operator</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.seq}>
                <td>{istWords(e.at)}</td>
                <td>{e.text}</td>
                <td>{e.shipmentIds.join(', ') || '—'}</td>
                <td>{e.operator || '—'}</td>
                <td>{e.status ? (STATUS_WORDS[e.status.toLowerCase()] ?? e.status) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {stats ? <StatsTables stats={stats} /> : null}
      <VideoPanel />
      </div>
    </section>
  );
}
