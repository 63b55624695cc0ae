// The Queue screen (issue "packing desk app", screen 2): shipments waiting to be packed and
// dispatched, with time left to dispatch, holds, filters, search by any id and counts per state.
// The queue changes by pull: every minute, when the window gets the focus, and on Alt+R; with push
// notifications, also as they arrive (queue.changed), and the line under the counts says so.
import { useCallback, useEffect, useState } from 'react';
import type { QueueFilter, QueueRow } from '../../../../shared/contract/queue.js';
import { useStation } from '../../app/station-context.js';
import { routeScan } from '../../scan/scan-router.js';
import { useAppStore } from '../../stores/app-store.js';
import { followQueue, listQueue, refreshQueue, useQueueStore } from '../../stores/queue-store.js';
import { shortDateTime } from './countdown.js';
import { QueueFilters } from './queue-filters.js';
import { QueueList } from './queue-list.js';
import { stateWords } from './state-words.js';
import { ListExport } from '../../app/list-export.js';
import { queueColumns, queueRowWords, queueSubtitle } from './queue-export.js';
import { Trans } from 'react-i18next';
import { useT } from '../../i18n/use-t.js';
import { i18n, msgKey } from '../../i18n/i18n.js';

export const QUEUE_REFRESH_MS = 60_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export default function QueueScreen() {
  const { t } = useT();
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const { view, filter, loading, error, activeId } = useQueueStore();
  const now = useNow(30_000);

  useEffect(() => followQueue(api), [api]);
  useEffect(() => {
    void listQueue(api, useQueueStore.getState().filter);
  }, [api, epoch]);
  useEffect(() => {
    const refresh = () => void refreshQueue(api);
    // While live updates come in, the station's reconciliation is the periodic pull; Alt+R still pulls.
    const timed = () => {
      if (!useQueueStore.getState().view?.push?.live) refresh();
    };
    const timer = setInterval(timed, QUEUE_REFRESH_MS);
    window.addEventListener('focus', timed);
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyR') {
        e.preventDefault();
        refresh();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', timed);
      window.removeEventListener('keydown', onKey);
    };
  }, [api]);

  const onFilter = useCallback((next: QueueFilter) => void listQueue(api, next), [api]);
  // The same path as a scan of the shipment label: the Pack screen opens with it.
  const open = (row: QueueRow) => routeScan(row.shipmentId, 'typed');
  const rows = view?.rows ?? [];
  const active = rows.find((r) => r.shipmentId === activeId) ?? rows[0];

  return (
    <section aria-label={t('queue.title')} className="queue-screen">
      <div className="queue-head">
        <h1>{t('queue.title')}</h1>
        <QueueFilters filter={filter} onChange={onFilter} />
      </div>
      <div className="queue-summary">
        <ul className="state-counts" aria-label={t('queue.counts')}>
          {Object.entries(view?.counts ?? {}).map(([state, n]) => (
            <li key={state} className="chip">
              {stateWords(state)}: <strong>{n}</strong>
            </li>
          ))}
        </ul>
        <p className="queue-meta">
          {loading ? t('queue.loading') : ''}
          {view ? t('queue.shown', { count: rows.length, at: shortDateTime(view.fetchedAt) }) : ''}
          {view?.capped ? t('queue.capped') : ''}
        </p>
      </div>
      {error ? <p className="field-problem">{error}</p> : null}
      {view && rows.length === 0 && !loading ? <p className="empty">{t('queue.none')}</p> : null}
      <QueueList rows={rows} now={now} activeId={active?.shipmentId} onActive={(id) => useQueueStore.setState({ activeId: id })} onOpen={open} />
      {/* Under the list, with the keys: the rows get the height above. */}
      <div className="queue-foot">
        <button type="button" aria-keyshortcuts="Alt+R" onClick={() => void refreshQueue(api)}>
          {t('queue.refresh')} <kbd>Alt+R</kbd>
        </button>
        <button type="button" disabled={!active} onClick={() => active && open(active)}>
          {t('queue.open')} <kbd>Enter</kbd>
        </button>
        <ListExport
          disabled={rows.length === 0}
          list={() => ({
            title: t('queue.title'),
            titleKey: msgKey('queue.title'),
            subtitle: queueSubtitle(filter, rows.length, view?.fetchedAt),
            fileName: `queue-${new Date().toISOString().slice(0, 10)}`,
            columns: queueColumns(),
            rows: rows.map((r) => queueRowWords(r, now)),
          })}
        />
        {view?.push ? (
          <p className="queue-push" title={t('queue.pushTip', { received: view.push.received, missed: view.push.missed })}>
            {view.push.live ? t('queue.pushLive', { received: view.push.received, missed: view.push.missed }) : t('queue.pushDown')}
          </p>
        ) : null}
        <p className="shortcuts-line">
          <kbd>↑</kbd> <kbd>↓</kbd> <kbd>PgUp</kbd> <kbd>PgDn</kbd> <Trans i18n={i18n} i18nKey="queue.keys" components={{ key: <kbd /> }} />
        </p>
      </div>
    </section>
  );
}
