// The units of the open shipment: one line per order item with a tick per verified unit and
// the count in words, so progress is readable from across the desk.
import type { SessionView } from '../../../../shared/contract/desk.js';

export function UnitLines({ session }: { session: SessionView }) {
  const total = session.lines.reduce((n, l) => n + l.quantity, 0);
  const done = session.lines.reduce((n, l) => n + l.verified, 0);
  return (
    <section className="unit-lines" aria-labelledby="units-heading">
      <h2 id="units-heading">
        Shipment {session.shipmentId}: {done} of {total} unit{total === 1 ? '' : 's'} verified
      </h2>
      <ul aria-label="Units">
        {session.lines.map((line) => {
          const complete = line.verified >= line.quantity;
          const awaitingSerial = session.phase === 'serial' && session.serialFor === line.orderItemId;
          return (
            <li key={line.orderItemId} className={complete ? 'unit-line complete' : 'unit-line'}>
              <span className="ticks" aria-hidden="true">
                {Array.from({ length: line.quantity }, (_, i) => (i < line.verified ? '✓' : '○')).join(' ')}
              </span>
              <span className="unit-title">{line.title}</span>
              <span className="unit-sku">SKU {line.sku}</span>
              <span className="unit-count">
                {line.verified} of {line.quantity} {complete ? '— verified' : 'verified'}
              </span>
              {awaitingSerial ? <span className="serial-needed">Scan the IMEI / serial number now</span> : null}
              {line.serials.flat().length > 0 ? <span className="unit-serials">Serials: {line.serials.flat().join(', ')}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
