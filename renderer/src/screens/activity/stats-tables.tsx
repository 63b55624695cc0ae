// Counts per shift and packs per hour as tables with a bar beside each number: the number is
// the value (read aloud, printed), the bar only helps the eye compare.
import type { ActivityStats } from '../../stores/activity-store.js';
import { OperatorCountsTable } from './operator-counts.js';
import { useT } from '../../i18n/use-t.js';

function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <span className="bar-cell">
      <span className="bar" aria-hidden="true" style={{ width: `${width}%`, minWidth: value > 0 ? '2px' : 0, height: '0.8em', background: 'currentColor' }} />
      <span className="bar-value">
        {' '}
        {value}
      </span>
    </span>
  );
}

export function StatsTables({ stats }: { stats: ActivityStats }) {
  const { t } = useT();
  const maxShift = Math.max(0, ...stats.shifts.map((s) => s.packs));
  const maxHour = Math.max(0, ...stats.packsPerHour.map((h) => h.packs));
  return (
    <div className="stats">
      <table>
        <caption>{t('activity.stats.perShift')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.stats.shift')}</th>
            <th scope="col">{t('activity.stats.packed')}</th>
            <th scope="col">{t('activity.stats.scans')}</th>
            <th scope="col">{t('activity.stats.errors')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.shifts.map((s) => (
            <tr key={s.label}>
              <th scope="row">{s.label}</th>
              <td>
                <Bar value={s.packs} max={maxShift} />
              </td>
              <td>{s.scans}</td>
              <td>{s.errors}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>{t('activity.stats.perHour')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('activity.stats.hour')}</th>
            <th scope="col">{t('activity.stats.packed')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.packsPerHour.length === 0 ? (
            <tr>
              <td colSpan={2}>{t('activity.stats.nothingPacked')}</td>
            </tr>
          ) : (
            stats.packsPerHour.map((h) => (
              <tr key={h.hour}>
                <th scope="row">{h.hour}</th>
                <td>
                  <Bar value={h.packs} max={maxHour} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <OperatorCountsTable operators={stats.operators} />
    </div>
  );
}
