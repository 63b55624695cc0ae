// Weight and dimensions of the package: live from the scale and dimensioner (sent to the desk
// as soon as a reading is stable), or typed in. Alt+M jumps to the typed fields; Enter applies
// them; Esc goes back to the scan field.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionView } from '../../../../shared/contract/desk.js';
import { useStation } from '../../app/station-context.js';
import { currentFormatter, msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { say } from '../../stores/app-store.js';
import { measure, useDeskStore } from '../../stores/desk-store.js';
import { useDevicesStore } from '../../stores/devices-store.js';
import { playSound } from '../../sound/feedback-sound.js';
import { refocusScan, refocusScanAfter } from './scan-field.js';

type Parcel = SessionView['parcels'][number];

const FIELDS = [
  { key: 'length', label: msgKey('pack.measure.length'), name: msgKey('pack.measure.name.length') },
  { key: 'breadth', label: msgKey('pack.measure.breadth'), name: msgKey('pack.measure.name.breadth') },
  { key: 'height', label: msgKey('pack.measure.height'), name: msgKey('pack.measure.name.height') },
  { key: 'weightKg', label: msgKey('pack.measure.weightKg'), name: msgKey('pack.measure.name.weightKg') },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];

const EMPTY: Record<FieldKey, string> = { length: '', breadth: '', height: '', weightKg: '' };
/** Two scale readings closer than this are the same weight (the scale's own 5 g step). */
const SAME_WEIGHT_KG = 0.005;

const needsWeight = (p: Parcel) => p.weightKg === undefined || p.weightSource === 'listing';
const needsSize = (p: Parcel) => !p.dimensions || p.dimensionsSource === 'listing';

/** The package that still needs something (a listing's size is not a measurement), else the first. */
function pickParcel(parcels: Parcel[]): Parcel | undefined {
  return parcels.find((p) => needsWeight(p) || needsSize(p)) ?? parcels[0];
}

const SOURCE_WORDS = { typed: msgKey('pack.measure.source.typed'), listing: msgKey('pack.measure.source.listing') } as const;

/** Three sides in the desk's numbers: 30 × 20 × 10 cm. */
function sizeWords(d: { length: number; breadth: number; height: number }): string {
  const n = currentFormatter().number;
  return tr('pack.measure.size', { length: n(d.length), breadth: n(d.breadth), height: n(d.height) });
}

/** One parcel's line: each value with where it came from (a scale weight is never called typed). */
function parcelWords(p: Parcel): string {
  const size = p.dimensions ? sizeWords(p.dimensions) : tr('pack.measure.sizeNotMeasured');
  const weight = p.weightKg !== undefined ? tr('pack.measure.kg', { kg: currentFormatter().number(p.weightKg) }) : tr('pack.measure.weightNotMeasured');
  const from = (value: string, source: Parcel['source'], device: string) => (source ? tr('pack.measure.from', { value, source: tr(source === 'device' ? device : SOURCE_WORDS[source]) }) : value);
  const sizeFrom = p.dimensionsSource ?? (p.weightSource ? undefined : p.source);
  const weightFrom = p.weightSource ?? (p.dimensionsSource ? undefined : p.source);
  return tr('pack.measure.parcel', {
    title: p.title,
    size: p.dimensions ? from(size, sizeFrom, msgKey('pack.measure.source.dimensioner')) : size,
    weight: p.weightKg !== undefined ? from(weight, weightFrom, msgKey('pack.measure.source.scale')) : weight,
  });
}

/** The typed values as numbers, or the words that say what is wrong. */
export function readTyped(values: Record<FieldKey, string>): { dims?: { length: number; breadth: number; height: number }; weightKg?: number } | { error: string } {
  const num: Partial<Record<FieldKey, number>> = {};
  for (const f of FIELDS) {
    const text = values[f.key].trim().replace(',', '.');
    if (text === '') continue;
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0) return { error: tr('pack.measure.notNumber', { field: tr(f.name), value: values[f.key] }) };
    num[f.key] = n;
  }
  const sides = [num.length, num.breadth, num.height].filter((n) => n !== undefined).length;
  if (sides > 0 && sides < 3) return { error: tr('pack.measure.allSides') };
  if (sides === 0 && num.weightKg === undefined) return { error: tr('pack.measure.typeSomething') };
  return {
    dims: sides === 3 ? { length: num.length!, breadth: num.breadth!, height: num.height! } : undefined,
    weightKg: num.weightKg,
  };
}

export function MeasurePanel({ session }: { session: SessionView }) {
  const api = useStation();
  const { t, fmt } = useT();
  const weight = useDevicesStore((s) => s.weight);
  const dimensions = useDevicesStore((s) => s.dimensions);
  const [chosen, setChosen] = useState<string | undefined>();
  const [values, setValues] = useState<Record<FieldKey, string>>(EMPTY);
  // The scale reading last sent as a parcel's weight: the same reading never weighs a second parcel.
  const autoWeighed = useRef<{ kg: number; subShipmentId: string } | undefined>(undefined);
  // A dimensioner reading from before this shipment opened measures nothing of it.
  const seenDimensions = useRef(dimensions);
  const [problem, setProblem] = useState<string | undefined>();
  const firstField = useRef<HTMLInputElement>(null);
  const parcel = session.parcels.find((p) => p.subShipmentId === chosen) ?? pickParcel(session.parcels);
  const measuring = session.phase === 'measuring' || session.phase === 'ready';
  // A complaint about typed numbers says nothing once the parcel is measured another way (the
  // scale, the dimensioner) or another shipment is open.
  const measuredKey = session.parcels.map((p) => `${p.subShipmentId}:${p.weightKg}:${p.dimensions?.length}`).join('|');
  useEffect(() => setProblem(undefined), [session.sessionId, measuredKey]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.altKey && e.code === 'KeyM') {
        e.preventDefault();
        firstField.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A stable scale reading is the package's weight: sent without a key press. A weight the packer
  // typed stays: the scale does not overrule it (a box too big for the platform, a tare).
  useEffect(() => {
    if (!measuring || !parcel || !weight?.stable || weight.weightKg <= 0) return;
    if (parcel.weightSource === 'typed') return;
    if (parcel.weightKg !== undefined && parcel.weightSource !== 'listing' && Math.abs(parcel.weightKg - weight.weightKg) < SAME_WEIGHT_KG) return;
    const last = autoWeighed.current;
    if (last && last.subShipmentId !== parcel.subShipmentId && Math.abs(last.kg - weight.weightKg) < SAME_WEIGHT_KG) return;
    if (useDeskStore.getState().inFlight > 0) return;
    autoWeighed.current = { kg: weight.weightKg, subShipmentId: parcel.subShipmentId };
    void measure(api, { subShipmentId: parcel.subShipmentId, weightKg: weight.weightKg, source: 'device' });
  }, [api, measuring, parcel, weight]);

  // Every dimensioner reading is a deliberate measurement of the package on it.
  useEffect(() => {
    if (!dimensions || !parcel || !measuring || dimensions === seenDimensions.current) return;
    seenDimensions.current = dimensions;
    const { length, breadth, height, weightKg } = dimensions;
    void measure(api, { subShipmentId: parcel.subShipmentId, dimensions: { length, breadth, height }, weightKg, source: 'device' });
    // Only a new reading measures; a changed parcel list must not resend an old one.
  }, [dimensions]);

  const apply = async () => {
    const read = readTyped(values);
    if ('error' in read) {
      setProblem(read.error);
      say('error', read.error);
      playSound('failure');
      return;
    }
    setProblem(undefined);
    const sent = values;
    const back = refocusScanAfter();
    const view = await measure(api, { subShipmentId: parcel?.subShipmentId, dimensions: read.dims, weightKg: read.weightKg, source: 'typed' });
    // Refused or not sent: the numbers stay to be corrected. Taken: only the numbers that were
    // sent are cleared; what the packer typed meanwhile (the next box) is kept, and so is the focus.
    if (!view || view.feedback.tone === 'error') return;
    // The next numbers go to the next box that still needs them, unless the packer picks one.
    setChosen(undefined);
    setValues((now) => {
      const left = { ...now };
      for (const f of FIELDS) if (now[f.key] === sent[f.key]) left[f.key] = '';
      return left;
    });
    back();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      refocusScan();
    }
  };

  return (
    <section className="measure-panel" aria-labelledby="measure-heading">
      <h2 id="measure-heading">{(session.phase === 'measuring' ? t('pack.measure.neededNow') : t('pack.measure.title'))}</h2>
      <p className="live-reading" aria-label={t('pack.measure.scale')}>
        {t('pack.measure.scaleSays')}{' '}
        {weight ? (
          <>
            <strong>{t('pack.measure.kg', { kg: fmt.number(weight.weightKg, 3) })}</strong>{' '}
            {weight.stable ? <span className="locked">{t('pack.measure.stable')}</span> : <span className="settling">{t('pack.measure.settling')}</span>}
          </>
        ) : (
          t('pack.measure.noReading')
        )}
        {dimensions ? (
          <>
            {' '}
            · {t('pack.measure.dimensioner')} <strong>{sizeWords(dimensions)}</strong>
          </>
        ) : null}
      </p>
      {session.parcels.length > 1 ? (
        <label className="parcel-choice">
          {t('pack.measure.package')}
          <select value={parcel?.subShipmentId} onChange={(e) => setChosen(e.target.value)}>
            {session.parcels.map((p) => (
              <option key={p.subShipmentId} value={p.subShipmentId}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ul className="parcels" aria-label={t('pack.measure.packages')}>
        {session.parcels.map((p) => (
          <li key={p.subShipmentId}>{parcelWords(p)}</li>
        ))}
      </ul>
      <div className="typed-measure" role="group" aria-label={t('pack.measure.typed')}>
        {FIELDS.map((f, i) => (
          <label key={f.key}>
            {t(f.label)}
            <input
              ref={i === 0 ? firstField : undefined}
              type="text"
              inputMode="decimal"
              value={values[f.key]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'measure-problem' : undefined}
              onChange={(e) => {
                const text = e.target.value;
                setValues((now) => ({ ...now, [f.key]: text }));
                // The complaint was about what stood here before: it goes as the packer corrects it.
                setProblem(undefined);
              }}
              onKeyDown={onKeyDown}
            />
          </label>
        ))}
      </div>
      {problem ? (
        <p id="measure-problem" className="field-problem">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
