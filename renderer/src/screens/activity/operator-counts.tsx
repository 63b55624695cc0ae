// The lead's numbers per operator for the day: shipments packed, scans and refused scans.
import type { ActivityStats } from '../../stores/activity-store.js';
import { useT } from '../../i18n/use-t.js';

export function OperatorCountsTable({ operators }: { operators: ActivityStats['operators'] }) {
  const { t } = useT();
  if (!operators || operators.length === 0) return null;
  return (
    <table>
      <caption>{t('activity.stats.perOperator')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('activity.stats.operator')}</th>
          <th scope="col">{t('activity.stats.packed')}</th>
          <th scope="col">{t('activity.stats.scans')}</th>
          <th scope="col">{t('activity.stats.refused')}</th>
        </tr>
      </thead>
      <tbody>
        {operators.map((o) => (
          <tr key={o.operator}>
            <th scope="row">{o.operator || '—'}</th>
            <td>{o.packs}</td>
            <td>{o.scans}</td>
            <td>{o.refused}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
