// The board's tables: desks, operators, backlog by dispatch-by time, waves in progress.
import type { BoardSnapshot } from '../../../../shared/contract/warehouse.js';
import { agoWords, istClock, isSilent } from './board-words.js';

export function BacklogTiles({ backlog, now }: { backlog: BoardSnapshot['backlog']; now: number }) {
  const tiles: [string, number, string][] = [
    ['Overdue', backlog.overdue, 'tile-overdue'],
    ['Due in 2 hours', backlog.dueSoon, 'tile-soon'],
    ['Later today', backlog.today, 'tile-today'],
    ['Later', backlog.later, 'tile-later'],
  ];
  return (
    <section aria-label="Backlog" className="board-backlog">
      <h2>Backlog by dispatch-by time (IST)</h2>
      <ul className="board-tiles">
        {tiles.map(([label, n, cls]) => (
          <li key={label} className={`board-tile ${cls}${n > 0 && cls === 'tile-overdue' ? ' alarm' : ''}${n > 0 && cls === 'tile-soon' ? ' due' : ''}`} aria-label={`${label}: ${n}`}>
            <span className="tile-count">{n}</span>
            <span className="tile-label">{label}</span>
          </li>
        ))}
      </ul>
      <p className="board-note">
        {backlog.reportedAt ? `As ${backlog.reportedBy ?? 'a desk'}'s queue saw it ${agoWords(backlog.reportedAt, now)}; packed shipments leave at once.` : 'No desk has reported its queue yet (a desk in warehouse mode reports the approved shipments its Queue screen lists).'}
      </p>
    </section>
  );
}

export function DeskTable({ desks, now }: { desks: BoardSnapshot['desks']; now: number }) {
  return (
    <table className="board-desks">
      <caption>Desks</caption>
      <thead>
        <tr>
          <th scope="col">Desk</th>
          <th scope="col">Operator</th>
          <th scope="col">Packs in the last hour</th>
          <th scope="col">Shipment open now</th>
          <th scope="col">Printer</th>
          <th scope="col">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {desks.length === 0 ? (
          <tr>
            <td colSpan={6}>No desk has been heard from in the last 24 hours.</td>
          </tr>
        ) : (
          desks.map((d) => (
            <tr key={d.desk} className={isSilent(d.lastSeen, now) ? 'silent' : undefined}>
              <th scope="row">{d.desk}</th>
              <td>{d.operator ?? '—'}</td>
              <td className="num">{d.packsLastHour}</td>
              <td>{d.currentShipment ?? '—'}</td>
              <td className={d.printerProblem ? 'printer-problem' : undefined}>{d.printerProblem ? `${d.printerProblem} (since ${istClock(d.printerProblemSince)})` : 'OK'}</td>
              <td>
                {agoWords(d.lastSeen, now)}
                {isSilent(d.lastSeen, now) ? <span className="chip silent-chip">silent</span> : null}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function OperatorTable({ operators, now }: { operators: BoardSnapshot['operators']; now: number }) {
  return (
    <table className="board-operators">
      <caption>Operators</caption>
      <thead>
        <tr>
          <th scope="col">Operator</th>
          <th scope="col">Desks</th>
          <th scope="col">Packs in the last hour</th>
          <th scope="col">Last seen</th>
        </tr>
      </thead>
      <tbody>
        {operators.length === 0 ? (
          <tr>
            <td colSpan={4}>Nobody has packed in the last hour.</td>
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
  return (
    <table className="board-waves">
      <caption>Waves in progress</caption>
      <thead>
        <tr>
          <th scope="col">Wave</th>
          <th scope="col">Desk</th>
          <th scope="col">Operator</th>
          <th scope="col">Packed</th>
          <th scope="col">Still to pack</th>
          <th scope="col">Started</th>
        </tr>
      </thead>
      <tbody>
        {waves.length === 0 ? (
          <tr>
            <td colSpan={6}>No wave is running.</td>
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
