// Activity for the whole warehouse: a "This desk / Whole warehouse" choice on the Activity screen
// (in warehouse mode only), and the warehouse's audit trail from the database with the desk and
// the operator of every line. It follows the board's change events, at most every few seconds.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { create } from 'zustand';
import type { WarehouseActivityEntry } from '../../../../shared/contract/warehouse.js';
import { ListExport } from '../../app/list-export.js';
import { errorWords } from '../../app/errors.js';
import { useStation } from '../../app/station-context.js';
import { Field } from '../setup/form-field.js';
import { istWords } from '../returns/ist-date.js';
import { useWarehouseMode } from './warehouse-mode.js';
import './warehouse.css';

export type ActivityScope = 'desk' | 'warehouse';

/** The choice stays while the app runs (leaving Activity and coming back keeps it). */
export const useActivityScope = create<{ scope: ActivityScope; set(scope: ActivityScope): void }>((set) => ({ scope: 'desk', set: (scope) => set({ scope }) }));

/** Lines shown; the search narrows them. */
const LIMIT = 500;
/** The list follows the warehouse at most this often while desks are busy. */
const FOLLOW_MS = 5_000;

const STATUS_WORDS: Record<string, string> = { ok: 'Done', failed: 'Failed', unknown: 'Outcome unknown', pending: 'Not finished' };

/** The "This desk / Whole warehouse" radio buttons; nothing outside warehouse mode. */
export function ActivityScopeChoice() {
  const on = useWarehouseMode();
  const { scope, set } = useActivityScope();
  useEffect(() => {
    if (!on && scope === 'warehouse') set('desk');
  }, [on, scope, set]);
  if (!on) return null;
  return (
    <fieldset className="activity-scope">
      <legend>Show</legend>
      {(['desk', 'warehouse'] as const).map((s) => (
        <label key={s} className="check">
          <input type="radio" name="activity-scope" value={s} checked={scope === s} onChange={() => set(s)} /> {s === 'desk' ? 'This desk' : 'Whole warehouse'}
        </label>
      ))}
    </fieldset>
  );
}

export function WarehouseActivity() {
  const api = useStation();
  const [text, setText] = useState('');
  const [shownText, setShownText] = useState('');
  const [entries, setEntries] = useState<WarehouseActivityEntry[]>([]);
  const [state, setState] = useState<{ loading: boolean; error?: string; reason?: string; searched: boolean }>({ loading: false, searched: false });
  const last = useRef(0);

  const load = useCallback(
    (needle: string) => {
      last.current = Date.now();
      setState((s) => ({ ...s, loading: true }));
      api.invoke('warehouse.activity', { text: needle || undefined, limit: LIMIT }).then(
        (r) => {
          setEntries(r.entries);
          setState({ loading: false, searched: true, reason: r.enabled ? undefined : r.reason });
        },
        (e: unknown) => setState({ loading: false, searched: true, error: errorWords(e) }),
      );
    },
    [api],
  );

  useEffect(() => load(shownText), [load, shownText]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.subscribe('warehouse.board.changed', () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        load(shownText);
      }, Math.max(0, FOLLOW_MS - (Date.now() - last.current)));
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [api, load, shownText]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setShownText(text.trim());
    load(text.trim());
  }

  const status = (s?: string) => (s ? (STATUS_WORDS[s.toLowerCase()] ?? s) : '');
  return (
    <div className="warehouse-activity">
      <form aria-label="Search the warehouse's activity" onSubmit={submit} className="inline-form" noValidate>
        <Field id="wact-text" label="Search text" hint="A shipment id, a desk, an operator or a word of what happened.">
          {(a) => <input {...a} type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <button type="submit" disabled={state.loading}>
          Search
        </button>
      </form>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {state.reason ? <p role="status">{state.reason}</p> : null}
      {!state.reason && state.searched ? (
        <p role="status">{entries.length === 0 ? 'No desk has recorded anything that matches.' : `The newest ${entries.length} ${entries.length === 1 ? 'record' : 'records'} of every desk${shownText ? ` matching “${shownText}”` : ''}.`}</p>
      ) : null}
      {entries.length > 0 ? (
        <>
          <ListExport
            list={() => ({
              title: 'Activity — whole warehouse',
              subtitle: `${entries.length} records, newest first${shownText ? `; search: ${shownText}` : ''}.`,
              fileName: 'activity-warehouse',
              columns: ['Time (IST)', 'Desk', 'Operator', 'What happened', 'Shipments', 'Status'],
              rows: entries.map((e) => [istWords(e.at), e.desk, e.operator ?? '', e.text, e.shipmentIds.join(', '), status(e.status)]),
            })}
          />
          <table>
            <caption>Audit trail of every desk</caption>
            <thead>
              <tr>
                <th scope="col">Time (IST)</th>
                <th scope="col">Desk</th>
                <th scope="col">Operator</th>
                <th scope="col">What happened</th>
                <th scope="col">Shipments</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={`${e.desk}-${e.seq}`}>
                  <td>{istWords(e.at)}</td>
                  <td>{e.desk}</td>
                  <td>{e.operator || '—'}</td>
                  <td>{e.text}</td>
                  <td>{e.shipmentIds.join(', ') || '—'}</td>
                  <td>{status(e.status) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
