// The Activity screen (issue "packing desk app", screen 8): the journal as a searchable audit
// trail, and the day's counts per shift and packs per hour.
import { useEffect, useState, type FormEvent } from 'react';
import { StartupNotice } from '../../app/startup-notice.js';
import { useStation } from '../../app/station-context.js';
import { useActivityStore } from '../../stores/activity-store.js';
import { Field } from '../setup/form-field.js';
import { istWords } from '../returns/ist-date.js';
import { dayRange, todayInIst } from './day-range.js';
import { StatsTables } from './stats-tables.js';

const STATUS_WORDS: Record<string, string> = { ok: 'Done', done: 'Done', success: 'Done', failed: 'Failed', failure: 'Failed', pending: 'Not finished', unknown: 'Outcome unknown' };

export default function ActivityScreen() {
  const api = useStation();
  const { entries, stats, loading, searched, error, search, loadStats } = useActivityStore();
  const [text, setText] = useState('');
  const [from, setFrom] = useState(todayInIst());
  const [to, setTo] = useState(todayInIst());
  const [rangeError, setRangeError] = useState<string>();

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
    void search(api, { text: text.trim() || undefined, ...dayRange(from, to) });
    void loadStats(api, from && from === to ? from : undefined);
  }

  return (
    <section aria-label="Activity" className="screen screen-activity">
      <h1>Activity</h1>
      <StartupNotice />
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
    </section>
  );
}
