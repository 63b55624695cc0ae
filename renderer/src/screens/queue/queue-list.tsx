// The queue as a virtualised listbox: only the rows in view (and a few around them) are in the
// DOM, so 5,000 shipments scroll smoothly. The listbox keeps the focus and moves an active row
// with the arrow keys; Enter opens the active shipment on the Pack screen.
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { QueueRow } from '../../../../shared/contract/queue.js';
import { dispatchCountdown, shortDateTime } from './countdown.js';
import { stateWords } from './state-words.js';
import { useT } from '../../i18n/use-t.js';

// One line per row at desk type size: enough rows in view to pick the next shipment at a glance.
const ROW_HEIGHT = 48;
const ASSUMED_RECT = { width: 1200, height: 640 };

/** The list's size; where there is no layout yet (hidden, or a DOM without layout) a desk screen's. */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : ASSUMED_RECT));
}

export interface QueueListProps {
  rows: QueueRow[];
  now: number;
  activeId?: string;
  onActive(shipmentId: string): void;
  onOpen(row: QueueRow): void;
}

function RowBody({ row, now }: { row: QueueRow; now: number }) {
  const { t } = useT();
  // Ready to dispatch: the packing is done, it waits for the courier; its dispatch-by date is no packing deadline.
  const pickup = row.status === 'READY_TO_DISPATCH';
  const due = dispatchCountdown(row.dispatchByDate, now);
  const notBefore = Date.parse(row.dispatchAfterDate) > now;
  return (
    <>
      <span className="row-id">{row.shipmentId}</span>
      {pickup ? (
        <span className="countdown pickup" title={t('queue.waitsForPickupBy', { at: shortDateTime(row.dispatchByDate) })}>
          {t('queue.waitsForPickup')}
        </span>
      ) : (
        <span className={due.overdue ? 'countdown overdue' : due.soon ? 'countdown soon' : 'countdown'}>
          {due.overdue ? '⚠ ' : ''}
          {due.text}
        </span>
      )}
      <span className="row-state">{stateWords(row.status)}</span>
      <span className="row-what">
        {t('queue.units', { count: row.units, what: row.titles[0] ?? row.skus[0] ?? '' })}
        {row.titles.length > 1 ? t('queue.andMore', { count: row.titles.length - 1 }) : ''}
      </span>
      <span className="badges">
        {row.hold ? <span className="badge hold">{t('queue.held')}</span> : null}
        {notBefore ? <span className="badge after">{t('queue.notBefore', { at: shortDateTime(row.dispatchAfterDate) })}</span> : null}
        {row.mps ? <span className="badge mps">{t('queue.severalPackages')}</span> : null}
      </span>
    </>
  );
}

export function QueueList({ rows, now, activeId, onActive, onOpen }: QueueListProps) {
  const { t } = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const activeIndex = Math.max(
    0,
    rows.findIndex((r) => r.shipmentId === activeId),
  );
  // The active row is always in the DOM, even scrolled away: aria-activedescendant must point
  // at an element that exists.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(activeIndex) || activeIndex >= range.count ? indexes : [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: ASSUMED_RECT,
    observeElementRect: observeRect,
    rangeExtractor,
    getItemKey: (i) => rows[i]?.shipmentId ?? i,
  });

  // Alt+2 brings the Queue to the keyboard: the list takes the focus as the screen opens, so the
  // arrows and Enter work at once (unless the person already clicked into a filter).
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.closest('nav')) scroller.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (rows.length > 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, rows.length, virtualizer]);

  const move = (to: number) => {
    const i = Math.min(rows.length - 1, Math.max(0, to));
    if (rows[i]) onActive(rows[i].shipmentId);
  };
  const page = Math.max(1, Math.floor((scroller.current?.clientHeight || 640) / ROW_HEIGHT) - 1);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(activeIndex + 1),
      ArrowUp: () => move(activeIndex - 1),
      PageDown: () => move(activeIndex + page),
      PageUp: () => move(activeIndex - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => rows[activeIndex] && onOpen(rows[activeIndex]),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const active = rows[activeIndex];
  return (
    <div
      ref={scroller}
      className="queue-list"
      role="listbox"
      aria-label={t('queue.list')}
      tabIndex={0}
      aria-activedescendant={active ? `queue-row-${active.shipmentId}` : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const selected = item.index === activeIndex;
          return (
            <div
              key={item.key}
              id={`queue-row-${row.shipmentId}`}
              role="option"
              aria-selected={selected}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              className={selected ? 'queue-row active' : 'queue-row'}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
              onClick={() => onActive(row.shipmentId)}
              onDoubleClick={() => onOpen(row)}
            >
              <RowBody row={row} now={now} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
