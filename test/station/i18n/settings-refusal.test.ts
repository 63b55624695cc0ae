// A settings change the station refuses (INVALID_SETTINGS) carries each problem as a catalogue
// key: English for the log and the command line, the desk's language on Setup, each problem at
// its field. Through the real dispatcher and the in-memory transport, as the app does.
import { afterEach, describe, expect, it } from 'vitest';
import { StationError } from '../../../shared/contract/define.js';
import type { StationApi } from '../../../shared/contract.js';
import type { StationAppContext } from '../../../electron/station/app/station-app-context.js';
import { Dispatcher, EventHub } from '../../../electron/station/app/dispatcher.js';
import { setupHandlers } from '../../../electron/station/app/handlers/setup-handlers.js';
import { connectInMemory } from '../../../electron/station/app/memory-transport.js';
import { MemorySettingsStore } from '../../../electron/station/settings/settings-store.js';
import { errorWords } from '../../../renderer/src/app/errors.js';
import { switchLanguage } from '../../../renderer/src/i18n/i18n.js';
import { ALL_FIELDS, refusalByField } from '../../../renderer/src/screens/setup/settings-draft.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** A station of settings alone: the only thing settings.update touches. */
function station(): { api: StationApi; settings: MemorySettingsStore } {
  const settings = new MemorySettingsStore();
  const ctx = { settings } as unknown as StationAppContext;
  const { api } = connectInMemory(new Dispatcher(setupHandlers(ctx)), new EventHub());
  return { api, settings };
}

async function refusal(api: StationApi, patch: Record<string, unknown>): Promise<StationError> {
  const e = await api.invoke('settings.update', patch).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(StationError);
  expect((e as StationError).code).toBe('INVALID_SETTINGS');
  return e as StationError;
}

afterEach(() => switchLanguage('en'));

describe('a settings change the station refuses', () => {
  it('keeps the English for the log and carries one keyed sentence per problem', async () => {
    const { api, settings } = station();
    const e = await refusal(api, { scan: { debounceMs: 5000 }, desk: { name: '' } });
    expect(e.message).toContain('scan.debounceMs: The double-read window can be at most 2000 ms (2 seconds)');
    expect(e.message).toContain('desk.name: Give the desk a name, for example "Desk 1".');
    expect(e.sentences).toHaveLength(2);
    expect(e.sentences).toContainEqual({ key: 'settings.refusedAt', params: { where: 'scan.debounceMs' }, parts: { problem: { key: 'settings.problem.debounce', params: { max: 2000 } } } });
    expect(errorWords(e)).toBe(e.message);
    // Nothing was kept.
    expect(settings.get().scan.debounceMs).toBe(150);
  });

  it('Setup says each problem at its field in Hindi, no English words left', async () => {
    const { api } = station();
    const e = await refusal(api, { scan: { debounceMs: 5000 }, desk: { name: '' } });
    switchLanguage('hi');
    const { errors, rest } = refusalByField(errorWords(e), ALL_FIELDS);
    expect(rest).toBe('');
    expect(errors['scan.debounceMs']).toBe('डबल-रीड का समय ज़्यादा से ज़्यादा 2000 ms (2 सेकंड) हो सकता है; पैकर दो पीस इससे जल्दी स्कैन कर लेता है।');
    expect(errors['desk.name']).toBe('डेस्क का नाम दें, जैसे "Desk 1"।');
    for (const words of Object.values(errors)) {
      expect(words).toMatch(DEVANAGARI);
      expect(words).not.toMatch(/\b(Give|The|can|must|at most)\b/);
    }
  });

  it('a problem that names its value (an http address), and one outside Setup’s form fields', async () => {
    const { api } = station();
    const e = await refusal(api, { marketplace: { baseUrl: 'http://api.example.com' }, scan: { debounceMs: 5000 } });
    switchLanguage('hi');
    const { errors } = refusalByField(errorWords(e), ALL_FIELDS);
    expect(errors['marketplace.baseUrl']).toBe('मार्केटप्लेस का पता https:// से शुरू होना चाहिए, http:// से नहीं: मार्केटप्लेस सिर्फ़ सुरक्षित कनेक्शन लेता है, और टोकन बिना एन्क्रिप्शन के नहीं भेजे जाते।');
    const video = await refusal(api, { video: { bitrateKbps: 50 } });
    expect(video.message).toMatch(/^video\.bitrateKbps: [^\u0900-\u097F]*200 kbit\/s/);
    expect(errorWords(video)).toBe('video.bitrateKbps: वीडियो बिटरेट कम से कम 200 kbit/s होना चाहिए।');
  });

  it('the idle sign-out field (Setup → Operators) says its problem alone, in Hindi', async () => {
    const { api } = station();
    const e = await refusal(api, { operators: { idleMinutes: 9999 } });
    expect(e.message).toBe('operators.idleMinutes: The idle sign-out can be at most 720 minutes (12 hours).');
    switchLanguage('hi');
    const { errors, rest } = refusalByField(errorWords(e), ['operators.idleMinutes']);
    expect(rest).toBe('');
    expect(errors['operators.idleMinutes']).toBe('अपने-आप साइन-आउट ज़्यादा से ज़्यादा 720 मिनट (12 घंटे) में हो सकता है।');
  });
});
