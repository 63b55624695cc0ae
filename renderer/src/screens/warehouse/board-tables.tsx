// The board's tables: desks, operators, backlog by dispatch-by time, waves in progress.
import type { BoardSnapshot } from '../../../../shared/contract/warehouse.js';
import { agoWords, istClock, isSilent } from './board-words.js';
import { useT } from '../../i18n/use-t.js';

export function BacklogTiles({ backlog, now }: { backlog: BoardSnapshot['backlog']; now: number }) {
  const { t } = useT();
  const tiles: [string, number, string][] = [
    [t('warehouse.backlog.overdue'), backlog.overdue, 'tile-overdue'],
    [t('warehouse.backlog.dueSoon'), backlog.dueSoon, 'tile-soon'],
    [t('warehouse.backlog.today'), backlog.today, 'tile-today'],
    [t('warehouse.backlog.later'), backlog.later, 'tile-later'],
  ];
  return (
    <section aria-label={t('warehouse.backlog.label')} className="board-backlog">
      <h2>{t('warehouse.backlog.heading')}</h2>
      <ul className="board-tiles">
        {tiles.map(([label, n, cls]) => (
          <li key={label} className={`board-tile ${cls}${n > 0 && cls === 'tile-overdue' ? ' alarm' : ''}${n > 0 && cls === 'tile-soon' ? ' due' : ''}`} aria-label={`${label}: ${n}`}>
            <span className="tile-count">{n}</span>
            <span className="tile-label">{label}</span>
          </li>
        ))}
      </ul>
      <p className="board-note">
        {backlog.reportedAt
          ? backlog.reportedBy
            ? t('warehouse.backlog.reportedBy', { desk: backlog.reportedBy, ago: agoWords(backlog.reportedAt, now) })
            : t('warehouse.backlog.reported', { ago: agoWords(backlog.reportedAt, now) })
          : t('warehouse.backlog.none')}
      </p>
    </section>
  );
}

export function DeskTable({ desks, now }: { desks: BoardSnapshot['desks']; now: number }) {
  const { t } = useT();
  return (
    <table className="board-desks">
      <caption>{t('warehouse.desks.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('warehouse.col.desk')}</th>
          <th scope="col">{t('warehouse.col.operator')}</th>
          <th scope="col">{t('warehouse.col.packsLastHour')}</th>
          <th scope="col">{t('warehouse.col.openNow')}</th>
          <th scope="col">{t('warehouse.col.printer')}</th>
          <th scope="col">{t('warehouse.col.lastSeen')}</th>
        </tr>
      </thead>
      <tbody>
        {desks.length === 0 ? (
          <tr>
            <td colSpan={6}>{t('warehouse.desks.none')}</td>
          </tr>
        ) : (
          desks.map((d) => (
            <tr key={d.desk} className={isSilent(d.lastSeen, now) ? 'silent' : undefined}>
              <th scope="row">{d.desk}</th>
              <td>{d.operator ?? '—'}</td>
              <td className="num">{d.packsLastHour}</td>
              <td>{d.currentShipment ?? '—'}</td>
              <td className={d.printerProblem ? 'printer-problem' : undefined}>{d.printerProblem ? t('warehouse.desks.printerProblem', { problem: d.printerProblem, time: istClock(d.printerProblemSince) }) : t('warehouse.desks.printerOk')}</td>
              <td>
                {agoWords(d.lastSeen, now)}
                {isSilent(d.lastSeen, now) ? <span className="chip silent-chip">{t('warehouse.desks.silent')}</span> : null}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function OperatorTable({ operators, now }: { operators: BoardSnapshot['operators']; now: number }) {
  const { t } = useT();
  return (
    <table className="board-operators">
      <caption>{t('warehouse.operators.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('warehouse.col.operator')}</th>
          <th scope="col">{t('warehouse.col.desks')}</th>
          <th scope="col">{t('warehouse.col.packsLastHour')}</th>
          <th scope="col">{t('warehouse.col.lastSeen')}</th>
        </tr>
      </thead>
      <tbody>
        {operators.length === 0 ? (
          <tr>
            <td colSpan={4}>{t('warehouse.operators.none')}</td>
          </tr>
        ) : (
          operators.map((o) => (
            <tr key={o.operator}>
              <th scope="row">{o.operator}</th>
              <td>{o.desks.join(', ')}</td>
              <td className="num">{o.packsLastHour}</td>
              <td>{agoWords(o.lastSeen, now)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function WaveTable({ waves }: { waves: BoardSnapshot['waves'] }) {
  const { t } = useT();
  return (
    <table className="board-waves">
      <caption>{t('warehouse.waves.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('warehouse.col.wave')}</th>
          <th scope="col">{t('warehouse.col.desk')}</th>
          <th scope="col">{t('warehouse.col.operator')}</th>
          <th scope="col">{t('warehouse.col.packed')}</th>
          <th scope="col">{t('warehouse.col.stillToPack')}</th>
          <th scope="col">{t('warehouse.col.started')}</th>
        </tr>
      </thead>
      <tbody>
        {waves.length === 0 ? (
          <tr>
            <td colSpan={6}>{t('warehouse.waves.none')}</td>
          </tr>
        ) : (
          waves.map((w) => (
            <tr key={`${w.waveId}-${w.desk}`}>
              <th scope="row">{w.waveId}</th>
              <td>{w.desk}</td>
              <td>{w.operator ?? '—'}</td>
              <td className="num">{w.packed}</td>
              <td className="num">{w.open}</td>
              <td>{istClock(w.startedAt)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
