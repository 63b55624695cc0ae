// The Queue saved or printed as a list says its filters, columns and rows in the desk's language,
// as the screen does: never a catalogue key, never English on a Hindi desk.
import { afterEach, describe, expect, it } from 'vitest';
import type { QueueFilter, QueueRow } from '../../shared/contract/queue.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { queueColumns, queueRowWords, queueSubtitle } from '../../renderer/src/screens/queue/queue-export.js';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const row: QueueRow = {
  shipmentId: 'SH00000000000042',
  orderIds: ['OD1', 'OD2'],
  skus: ['MOB-128GB-BLK-001'],
  titles: ['Nimbus 12 Pro (128GB-BLK)'],
  units: 2,
  status: 'APPROVED',
  dispatchByDate: '2026-11-24T10:30:00+05:30',
  dispatchAfterDate: '2026-11-25T09:00:00+05:30',
  hold: true,
  mps: true,
  locationId: 'LOC1002',
  updatedAt: '2026-11-24T05:00:00Z',
};
const filter: QueueFilter = { type: 'preDispatch', states: ['APPROVED'], hold: true, sku: 'MOB-128GB-BLK-001', search: 'Nimbus' };

afterEach(() => switchLanguage('en'));

describe('the Queue as a list to save or print', () => {
  it('in English: the filters in words, the count, the columns and a row with its notes', () => {
    switchLanguage('en');
    const subtitle = queueSubtitle(filter, 1, '2026-11-24T05:30:00Z');
    expect(subtitle).toMatch(/^Pre-dispatch|^[A-Z]/);
    expect(subtitle).toContain('states: ');
    expect(subtitle).toContain('On hold');
    expect(subtitle).toContain('1 shipment;');
    expect(subtitle).not.toMatch(/\bstate\.|queue\./);
    expect(queueColumns()).toEqual(['Shipment', 'Dispatch by (IST)', 'Due', 'State', 'Units', 'What', 'Orders', 'Notes']);
    const words = queueRowWords(row, NOW);
    expect(words[7]).toMatch(/^On hold; Not before .+; Several packages$/);
  });

  it('in Hindi: no English word and no key, the ids and SKUs as they are', () => {
    switchLanguage('hi');
    const subtitle = queueSubtitle(filter, 3, '2026-11-24T05:30:00Z');
    const columns = queueColumns();
    const words = queueRowWords(row, NOW);
    const all = [subtitle, ...columns, ...words.slice(2)].join(' | ').replace(/MOB-128GB-BLK-001|Nimbus 12 Pro \(128GB-BLK\)|Nimbus|OD1|OD2|SKU|IST/g, '');
    expect(all).not.toMatch(/[A-Za-z]{3,}/);
    expect(subtitle).toContain('3 शिपमेंट');
    expect(columns[0]).toBe('शिपमेंट');
    expect(words[0]).toBe('SH00000000000042');
  });
});
