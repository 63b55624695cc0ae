// The units of the open shipment: one line per order item with a tick per verified unit and
// the count in words, so progress is readable from across the desk. A product on several order
// lines says so on each; each recorded serial has its own Remove button, to scan a right one.
import type { SessionView } from '../../../../shared/contract/desk.js';
import { useT } from '../../i18n/use-t.js';

/** More units than this show as a count ("7/12"): a row of ticks would push the other lines off screen. */
const MAX_TICKS = 6;

export interface UnitLinesProps {
  session: SessionView;
  onRemoveSerial(serial: string): void;
}

export function UnitLines({ session, onRemoveSerial }: UnitLinesProps) {
  const { t } = useT();
  const total = session.lines.reduce((n, l) => n + l.quantity, 0);
  const done = session.lines.reduce((n, l) => n + l.verified, 0);
  const linesOf = (sku: string) => session.lines.filter((l) => l.sku === sku);
  return (
    <section className="unit-lines" aria-labelledby="units-heading">
      <h2 id="units-heading">
        {t('pack.units.heading', { id: session.shipmentId, done, count: total })}
      </h2>
      <ul aria-label={t('pack.units.list')}>
        {session.lines.map((line) => {
          const complete = line.verified >= line.quantity;
          const awaitingSerial = session.phase === 'serial' && session.serialFor === line.orderItemId;
          const same = linesOf(line.sku);
          const serials = line.serials.flat();
          return (
            <li key={line.orderItemId} aria-label={t('pack.units.line', { title: line.title, id: line.orderItemId })} className={complete ? 'unit-line complete' : 'unit-line'}>
              <span className="ticks" aria-hidden="true">
                {line.quantity <= MAX_TICKS ? Array.from({ length: line.quantity }, (_, i) => (i < line.verified ? '✓' : '○')).join(' ') : `${line.verified}/${line.quantity}`}
              </span>
              <span className="unit-title">{line.title}</span>
              <span className="unit-sku">
                {t('pack.units.sku', { sku: line.sku })}
                {same.length > 1 ? t('pack.units.sameProduct', { n: same.indexOf(line) + 1, count: same.length }) : ''}
              </span>
              <span className="unit-count">
                {(complete ? t('pack.units.countDone', { done: line.verified, count: line.quantity }) : t('pack.units.count', { done: line.verified, count: line.quantity }))}
              </span>
              {awaitingSerial ? <span className="serial-needed">{(line.imei ? t('pack.units.imeiNow') : t('pack.units.serialNow'))}</span> : null}
              {serials.length > 0 ? (
                <span className="unit-serials">
                  {t('pack.units.serials')}{' '}
                  {serials.map((serial) => (
                    <span key={serial} className="unit-serial">
                      {serial}{' '}
                      <button type="button" className="link" aria-label={t('pack.units.removeSerial', { serial })} onClick={() => onRemoveSerial(serial)}>
                        {t('pack.units.remove')}
                      </button>{' '}
                    </span>
                  ))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
