// The lead's numbers per operator for the day: shipments packed, scans and refused scans.
import type { ActivityStats } from '../../stores/activity-store.js';

export function OperatorCountsTable({ operators }: { operators: ActivityStats['operators'] }) {
  if (!operators || operators.length === 0) return null;
  return (
    <table>
      <caption>Per operator</caption>
      <thead>
        <tr>
          <th scope="col">Operator</th>
          <th scope="col">Packed</th>
          <th scope="col">Scans</th>
          <th scope="col">Refused</th>
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
