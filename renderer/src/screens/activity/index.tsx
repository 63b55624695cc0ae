// The Activity screen (issue "packing desk app", screen 8): the journal as a searchable audit
// trail, and the day's counts per shift and packs per hour.
import { useEffect, useState, type FormEvent } from 'react';
import { StartupNotice } from '../../app/startup-notice.js';
import { useStation } from '../../app/station-context.js';
import { useActivityStore } from '../../stores/activity-store.js';
import { ListExport } from '../../app/list-export.js';
import { Field } from '../setup/form-field.js';
import { istWords } from '../returns/ist-date.js';
import { currentFormatter, msgKey, tr } from '../../i18n/i18n.js';
import { dayRange, todayInIst } from './day-range.js';
import { StatsTables } from './stats-tables.js';
import { VideoPanel } from '../../video/video-panel.js';
import { ActivityScopeChoice, WarehouseActivity, useActivityScope } from '../warehouse/warehouse-activity.js';
import { entryWords, statusWords } from './entry-words.js';
import { useT } from '../../i18n/use-t.js';

/** "24 Nov 2026" for a YYYY-MM-DD day of the filter; "any day" when the filter leaves it open. */
function dayWords(day: string): string {
  if (!day) return tr('activity.anyDay');
  const at = new Date(`${day}T12:00:00+05:30`);
  return Number.isNaN(at.getTime()) ? day : currentFormatter().date(at);
}

export default function ActivityScreen() {
  const api = useStation();
  const { t } = useT();
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
      setRangeError(t('activity.toBeforeFrom'));
      return;
    }
    setRangeError(undefined);
    setShown({ text: text.trim(), from, to });
    void search(api, { text: text.trim() || undefined, ...dayRange(from, to) });
    void loadStats(api, from && from === to ? from : undefined);
  }

  return (
    <section aria-label={t('activity.title')} className="screen screen-activity">
      <h1>{t('activity.title')}</h1>
      <StartupNotice />
      <ActivityScopeChoice />
      {scope === 'warehouse' ? <WarehouseActivity /> : null}
      <div hidden={scope === 'warehouse'}>
      <form aria-label={t('activity.searchForm')} onSubmit={submit} className="inline-form" noValidate>
        <Field id="act-text" label={t('activity.searchText')} hint={t('activity.searchHint')}>
          {(a) => <input {...a} type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Field id="act-from" label={t('activity.from')}>
          {(a) => <input {...a} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field id="act-to" label={t('activity.to')} error={rangeError}>
          {(a) => <input {...a} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <button type="submit" disabled={loading}>
          {t('activity.search')}
        </button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {loading ? <p role="status">{t('activity.searching')}</p> : searched ? <p role="status">{entries.length === 0 ? t('activity.nothingFound') : t('activity.found', { count: entries.length })}</p> : null}
      {entries.length > 0 ? (
        <ListExport
          list={() => ({
            title: t('activity.title'),
            titleKey: msgKey('activity.title'),
            subtitle: exportSubtitle(shown, entries.length),
            fileName: `activity-${shown.from || 'all'}${shown.to && shown.to !== shown.from ? `-to-${shown.to}` : ''}`,
            columns: [t('activity.col.time'), t('activity.col.what'), t('activity.col.shipments'), t('activity.col.operator'), t('activity.col.status')],
            rows: entries.map((e) => [istWords(e.at), entryWords(e), e.shipmentIds.join(', '), e.operator || '', statusWords(e.status)]),
          })}
        />
      ) : null}
      {entries.length > 0 ? (
        <table>
          <caption>{t('activity.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activity.col.time')}</th>
              <th scope="col">{t('activity.col.what')}</th>
              <th scope="col">{t('activity.col.shipments')}</th>
              <th scope="col">{t('activity.col.operator')}</th>
              <th scope="col">{t('activity.col.status')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.seq}>
                <td>{istWords(e.at)}</td>
                <td>{entryWords(e)}</td>
                <td>{e.shipmentIds.join(', ') || '—'}</td>
                <td>{e.operator || '—'}</td>
                <td>{statusWords(e.status) || '—'}</td>
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

/** "24 Nov 2026 (IST); search: SH1; 3 records." above an exported list. */
function exportSubtitle(shown: { text: string; from: string; to: string }, count: number): string {
  const days = shown.from === shown.to ? dayWords(shown.from) : tr('activity.dayRange', { from: dayWords(shown.from), to: dayWords(shown.to) });
  return shown.text ? tr('activity.exportSubtitleSearch', { days, text: shown.text, count }) : tr('activity.exportSubtitle', { days, count });
}
