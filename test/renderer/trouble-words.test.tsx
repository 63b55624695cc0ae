// Trouble said on Setup in the desk's language: the settings' own range messages at their field,
// the warehouse link's problem and reason, and the sign-in when lapsed. English comes back only
// for a key this page does not know.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { draftOf, readDraft } from '../../renderer/src/screens/setup/settings-draft.js';
import { warehouseWords } from '../../renderer/src/screens/setup/warehouse-form.js';
import { signInWords } from '../../renderer/src/screens/setup/sign-in-words.js';

const DEVANAGARI = /[\u0900-\u097F]/;
afterEach(() => switchLanguage('en'));

describe('the settings’ range messages', () => {
  const saved = defaultSettings();
  const wrong = { ...draftOf(saved), 'scan.debounceMs': '5000', 'invoiceSeries.prefix': 'ABCDE', shiftStarts: '06:00, 25:00', 'desk.name': '' };

  it('in English, the schema’s own words at each field', () => {
    const { errors } = readDraft(wrong, saved);
    expect(errors['scan.debounceMs']).toBe('The double-read window can be at most 2000 ms (2 seconds); a packer scans two units faster than that.');
    expect(errors['invoiceSeries.prefix']).toMatch(/^The invoice prefix can have at most 3 characters: an invoice number may have 16/);
    expect(errors.shiftStarts).toBe('A shift start must be a time of day like 06:00.');
    expect(errors['desk.name']).toBe('Give the desk a name, for example "Desk 1".');
  });

  it('in Hindi, the same problems with no English words left', () => {
    switchLanguage('hi');
    const { errors } = readDraft(wrong, saved);
    expect(errors['scan.debounceMs']).toBe('डबल-रीड का समय ज़्यादा से ज़्यादा 2000 ms (2 सेकंड) हो सकता है; पैकर दो पीस इससे जल्दी स्कैन कर लेता है।');
    expect(errors['invoiceSeries.prefix']).toContain('ज़्यादा से ज़्यादा 3 अक्षर');
    expect(errors.shiftStarts).toBe('शिफ़्ट का समय 06:00 जैसा होना चाहिए।');
    expect(errors['desk.name']).toBe('डेस्क का नाम दें, जैसे "Desk 1"।');
    for (const words of Object.values(errors)) {
      expect(words).toMatch(DEVANAGARI);
      expect(words).not.toMatch(/\b(Give|The|can|must|at most)\b/);
    }
  });

  it('a marketplace address over http names the field in Hindi too (a value checked while parsing)', () => {
    switchLanguage('hi');
    const { errors } = readDraft({ ...draftOf(saved) }, { ...saved, marketplace: { ...saved.marketplace, mode: 'selfAccess', baseUrl: 'http://api.example.com' } });
    expect(errors['marketplace.baseUrl']).toBe('मार्केटप्लेस का पता https:// से शुरू होना चाहिए, http:// से नहीं: मार्केटप्लेस सिर्फ़ सुरक्षित कनेक्शन लेता है, और टोकन बिना एन्क्रिप्शन के नहीं भेजे जाते।');
  });
});

describe('the warehouse link in trouble', () => {
  const base = { enabled: true, passwordStored: true, desk: 'Desk 2', address: 'postgres://station@db.local/wh', outageNumbers: 20, unrecorded: 0, outboxWaiting: 0 };

  it('a database that refused this desk: its problem in Hindi', () => {
    const view = { ...base, online: false, problem: 'Wrong password for the database user station. Type the password again.', problemSentence: { key: 'warehouse.db.wrongPassword', params: { user: 'station' } } };
    expect(warehouseWords(view)).toContain('Wrong password for the database user station.');
    switchLanguage('hi');
    const words = warehouseWords(view);
    expect(words).toContain('डेटाबेस यूज़र station का पासवर्ड गलत है।');
    expect(words).not.toMatch(/Wrong password|cannot use/);
  });

  it('a database away: the reason in Hindi, not the driver’s English', () => {
    const view = { ...base, online: false, reason: 'connect ECONNREFUSED 10.0.0.5:5432', reasonSentence: { key: 'warehouse.db.away.refused' } };
    switchLanguage('hi');
    const words = warehouseWords(view);
    expect(words).toContain('उसके पते पर कोई जवाब नहीं दे रहा');
    expect(words).not.toMatch(/ECONNREFUSED|unreachable/);
  });
});

describe('the sign-in when lapsed', () => {
  it('says where and when in the desk’s language, the date in its own form (IST)', () => {
    const view = {
      mode: 'sandbox' as const,
      signedIn: false,
      accessExpiresAt: '2026-11-20T04:30:00.000Z',
      text: 'The sign-in to the Sandbox expired on 20 Nov 2026, 10:00 IST; the station signs in again on its next call.',
      sentence: { key: 'signin.trouble.lapsed', params: { when: '20 Nov 2026, 10:00' }, parts: { where: { key: 'signin.status.sandbox' } } },
    };
    expect(signInWords(view)).toMatch(/^The sign-in to the Sandbox expired on .*2026.*10:00 IST; the station signs in again/);
    switchLanguage('hi');
    const words = signInWords(view);
    expect(words).toMatch(/^सैंडबॉक्स का साइन-इन .*10:00 IST पर ख़त्म हो गया/);
    expect(words).not.toMatch(/Nov|sign-in to|expired/);
  });
});
