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
import { entryWords, statusWords } from '../activity/entry-words.js';
import { useT } from '../../i18n/use-t.js';
import { i18n } from '../../i18n/i18n.js';

export type ActivityScope = 'desk' | 'warehouse';

/** The choice stays while the app runs (leaving Activity and coming back keeps it). */
export const useActivityScope = create<{ scope: ActivityScope; set(scope: ActivityScope): void }>((set) => ({ scope: 'desk', set: (scope) => set({ scope }) }));

/** Lines shown; the search narrows them. */
const LIMIT = 500;
/** The list follows the warehouse at most this often while desks are busy. */
const FOLLOW_MS = 5_000;

/** The "This desk / Whole warehouse" radio buttons; nothing outside warehouse mode. */
export function ActivityScopeChoice() {
  const { t } = useT();
  const on = useWarehouseMode();
  const { scope, set } = useActivityScope();
  useEffect(() => {
    if (!on && scope === 'warehouse') set('desk');
  }, [on, scope, set]);
  if (!on) return null;
  return (
    <fieldset className="activity-scope">
      <legend>{t('warehouse.activity.show')}</legend>
      {(['desk', 'warehouse'] as const).map((s) => (
        <label key={s} className="check">
          <input type="radio" name="activity-scope" value={s} checked={scope === s} onChange={() => set(s)} /> {s === 'desk' ? t('warehouse.activity.thisDesk') : t('warehouse.activity.whole')}
        </label>
      ))}
    </fieldset>
  );
}

export function WarehouseActivity() {
  const api = useStation();
  const { t } = useT();
  const [text, setText] = useState('');
  const [shownText, setShownText] = useState('');
  const [entries, setEntries] = useState<WarehouseActivityEntry[]>([]);
  const [state, setState] = useState<{ loading: boolean; error?: string; reason?: string; searched: boolean }>({ loading: false, searched: false });
  const last = useRef(0);

  const load = useCallback(
    (needle: string) => {
      last.current = Date.now();
      setState((s) => ({ ...s, loading: true }));
      api.invoke('warehouse.activity', { text: needle || undefined, limit: LIMIT, language: i18n.language }).then(
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

  return (
    <div className="warehouse-activity">
      <form aria-label={t('warehouse.activity.searchForm')} onSubmit={submit} className="inline-form" noValidate>
        <Field id="wact-text" label={t('activity.searchText')} hint={t('warehouse.activity.searchHint')}>
          {(a) => <input {...a} type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <button type="submit" disabled={state.loading}>
          {t('activity.search')}
        </button>
      </form>
      {state.error ? <p role="alert">{state.error}</p> : null}
      {state.reason ? <p role="status">{state.reason}</p> : null}
      {!state.reason && state.searched ? (
        <p role="status">
          {entries.length === 0
            ? t('warehouse.activity.nothing')
            : shownText
              ? t('warehouse.activity.newestMatching', { count: entries.length, text: shownText })
              : t('warehouse.activity.newest', { count: entries.length })}
        </p>
      ) : null}
      {entries.length > 0 ? (
        <>
          <ListExport
            list={() => ({
              title: t('warehouse.activity.exportTitle'),
              subtitle: shownText ? t('warehouse.activity.exportSubtitleSearch', { count: entries.length, text: shownText }) : t('warehouse.activity.exportSubtitle', { count: entries.length }),
              fileName: 'activity-warehouse',
              columns: [t('activity.col.time'), t('warehouse.col.desk'), t('activity.col.operator'), t('activity.col.what'), t('activity.col.shipments'), t('activity.col.status')],
              rows: entries.map((e) => [istWords(e.at), e.desk, e.operator ?? '', entryWords(e), e.shipmentIds.join(', '), statusWords(e.status)]),
            })}
          />
          <table>
            <caption>{t('warehouse.activity.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('activity.col.time')}</th>
                <th scope="col">{t('warehouse.col.desk')}</th>
                <th scope="col">{t('activity.col.operator')}</th>
                <th scope="col">{t('activity.col.what')}</th>
                <th scope="col">{t('activity.col.shipments')}</th>
                <th scope="col">{t('activity.col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={`${e.desk}-${e.seq}`}>
                  <td>{istWords(e.at)}</td>
                  <td>{e.desk}</td>
                  <td>{e.operator || '—'}</td>
                  <td>{entryWords(e)}</td>
                  <td>{e.shipmentIds.join(', ') || '—'}</td>
                  <td>{statusWords(e.status) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
