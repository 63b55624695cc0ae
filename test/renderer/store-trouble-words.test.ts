// A list that could not be read says so in the desk's language: the store's own words and the
// station's keyed reason after them, no English left in Hindi.
import { afterEach, describe, expect, it } from 'vitest';
import type { StationApi } from '../../shared/contract.js';
import { keyedError } from '../../shared/i18n/station-sentences.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { listQueue, refreshQueue, resetQueueStore, useQueueStore } from '../../renderer/src/stores/queue-store.js';
import { useSettingsStore } from '../../renderer/src/stores/settings-store.js';
import { useListingsStore } from '../../renderer/src/stores/listings-store.js';
import { useReturnsStore } from '../../renderer/src/stores/returns-store.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';

const DEVANAGARI = /[\u0900-\u097F]/;
const REASON_EN = 'Choose which cancellations to list: by the marketplace, by the seller or by the buyer.';
const REASON_HI = 'चुनें कि कौन से रद्द ऑर्डर दिखें: मार्केटप्लेस, सेलर या ग्राहक ने रद्द किए।';

/** A station that refuses every call with one keyed sentence, as the real one does for a bad filter. */
const refusing: StationApi = {
  invoke: () => Promise.reject(keyedError('BAD_FILTER', 'station.queue.chooseCancellation')),
  subscribe: () => () => undefined,
};

afterEach(() => {
  switchLanguage('en');
  resetQueueStore();
});

describe('the queue that could not be loaded', () => {
  it('in English, for the log and an English desk', async () => {
    await listQueue(refusing, { type: 'cancelled' });
    expect(useQueueStore.getState().error).toBe(`The queue could not be loaded: ${REASON_EN}`);
    await refreshQueue(refusing);
    expect(useQueueStore.getState().error).toBe(`The queue could not be refreshed: ${REASON_EN}`);
  });

  it('in Hindi, on the screen and on the status line', async () => {
    switchLanguage('hi');
    await listQueue(refusing, { type: 'cancelled' });
    expect(useQueueStore.getState().error).toBe(`कतार नहीं खुली: ${REASON_HI}`);
    expect(useAppStore.getState().status.text).toBe(`कतार नहीं खुली: ${REASON_HI}`);
    await refreshQueue(refusing);
    const words = useQueueStore.getState().error!;
    expect(words).toBe(`कतार रिफ़्रेश नहीं हुई: ${REASON_HI}`);
    expect(words).not.toMatch(/queue|could not|Choose/);
  });
});

describe('the other lists in trouble', () => {
  it('Setup, Listings and Returns say the station’s reason in Hindi', async () => {
    switchLanguage('hi');
    await useSettingsStore.getState().load(refusing);
    expect(useSettingsStore.getState().loadError).toBe(`सेटिंग नहीं पढ़ी जा सकी: ${REASON_HI}`);
    await useListingsStore.getState().search(refusing);
    expect(useListingsStore.getState().error).toBe(REASON_HI);
    await useReturnsStore.getState().load(refusing);
    expect(useReturnsStore.getState().error).toBe(REASON_HI);
    for (const words of [useSettingsStore.getState().loadError, useListingsStore.getState().error, useReturnsStore.getState().error]) {
      expect(words).toMatch(DEVANAGARI);
      expect(words).not.toMatch(/could not|settings|Choose/);
    }
  });

  it('in English the settings keep their words', async () => {
    await useSettingsStore.getState().load(refusing);
    expect(useSettingsStore.getState().loadError).toBe(`The settings could not be read: ${REASON_EN}`);
  });
});
