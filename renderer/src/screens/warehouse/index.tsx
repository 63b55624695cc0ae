// The Warehouse screen: the lead's board of every desk on the shared database, live (the station
// forwards the database's notifications as warehouse.board.changed). At a desk a lead can also
// release a claim; the board-only page is read-only.
import { useEffect, useState } from 'react';
import type { BoardView } from '../../../../shared/contract/warehouse.js';
import { useStation } from '../../app/station-context.js';
import { errorWords } from '../../app/errors.js';
import { BacklogTiles, DeskTable, OperatorTable, WaveTable } from './board-tables.js';
import { LINK_WORDS, istClock } from './board-words.js';
import { ReleaseClaim } from './release-claim.js';
import './warehouse.css';
import { useT } from '../../i18n/use-t.js';
import { sentenceWords } from '../../i18n/said-words.js';

/** "Last seen" and "packs in the last hour" move with the clock between updates. */
const TICK_MS = 5_000;

/** `canRelease`: the desk's screen lets a lead free a claim; the board-only page is read-only. */
export default function WarehouseScreen({ canRelease = true }: { canRelease?: boolean }) {
  const api = useStation();
  const { t } = useT();
  const [view, setView] = useState<BoardView>();
  const [error, setError] = useState<string>();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let current = true;
    const unsubscribe = api.subscribe('warehouse.board.changed', (next) => {
      setView(next);
      setError(undefined);
    });
    api.invoke('warehouse.board', {}).then(
      (v) => current && setView((was) => was ?? v),
      (e: unknown) => current && setError(errorWords(e)),
    );
    return () => {
      current = false;
      unsubscribe();
    };
  }, [api]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const snapshot = view?.snapshot;
  return (
    <section aria-label={t('warehouse.title')} className="screen screen-warehouse">
      <h1>{t('warehouse.title')}</h1>
      {error ? <p role="alert">{error}</p> : null}
      {view && !view.enabled ? <p role="status">{reasonWords(view)}</p> : null}
      {view?.enabled ? (
        <p role="status" className={`board-link link-${view.link}`}>
          {t(LINK_WORDS[view.link])}
          {snapshot ? ` · ${t('warehouse.figuresOf', { time: istClock(snapshot.generatedAt) })}` : ''}
          {view.reason && view.link !== 'live' ? <span className="board-reason"> — {reasonWords(view)}</span> : null}
        </p>
      ) : null}
      {!view && !error ? <p role="status">{t('warehouse.reading')}</p> : null}
      {canRelease && view?.enabled ? <ReleaseClaim /> : null}
      {snapshot ? (
        <div className="board-grid">
          <BacklogTiles backlog={snapshot.backlog} now={now} />
          <DeskTable desks={snapshot.desks} now={now} />
          <OperatorTable operators={snapshot.operators} now={now} />
          <WaveTable waves={snapshot.waves} />
        </div>
      ) : null}

    </section>
  );
}

/** Why the board is away or off, in the desk's language (the station's English for a key this page lacks). */
function reasonWords(view: BoardView): string {
  return view.reasonSentence ? sentenceWords(view.reasonSentence, view.reason ?? '') : (view.reason ?? '');
}
