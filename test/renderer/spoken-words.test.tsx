// @vitest-environment happy-dom
// Spoken words after the sound, at the Pack screen over a real app station in Hindi: a wrong
// item says the Hindi clip for "wrong item" after the buzz, a shipment already packed says
// "already packed", a scan that cannot be read "scan again"; with the setting off nothing is
// said. The clip is chosen by the language the desk shows (a language without clips speaks
// English), and the Setup tick saves the setting with the desk's settings.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LANGUAGES, i18n } from '../../renderer/src/i18n/i18n.js';
import { routeScan } from '../../renderer/src/scan/scan-router.js';
import { cueLengthMs, type Cue } from '../../renderer/src/sound/cues.js';
import { playSound, setSoundOutput, setSpeechOutput } from '../../renderer/src/sound/feedback-sound.js';
import { signInWithBadge } from '../../renderer/src/stores/operator-store.js';
import { clipFor, spokenWordOf } from '../../renderer/src/sound/spoken-words.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { SPOKEN_WORDS } from '../../shared/speech.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, packByApi, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
const session = useAppStation({ scan: { debounceMs: 0 }, sounds: { spoken: true }, language: 'hi' });
beforeAll(async () => {
  ({ sb, app } = session);
});

interface Heard {
  cues: Cue[];
  words: { url: string; afterMs: number }[];
}

function listen(): Heard {
  const heard: Heard = { cues: [], words: [] };
  setSoundOutput((_kind, _volume, cue) => heard.cues.push(cue));
  setSpeechOutput((url, _volume, afterMs) => heard.words.push({ url, afterMs }));
  return heard;
}

afterEach(async () => {
  setSpeechOutput(undefined);
  if ((await app.api.invoke('desk.view', {})).session) await app.api.invoke('desk.putAside', {});
});

// The Pack screen's scan field, whatever the words around it.
const scanField = () => document.querySelector<HTMLInputElement>('input[data-scan-field]');

/** Packed through the contract, and the marketplace has it packed. */
async function packAndWait(id: string): Promise<void> {
  await packByApi(app, sb, id);
  await app.context.desk().idle();
  expect(sb.world.shipments.get(id)!.orderItems[0]!.status).not.toBe('APPROVED');
}

describe('spoken words', () => {
  it('picks the clip of the language the desk shows; a language without clips speaks English', () => {
    for (const word of SPOKEN_WORDS) {
      expect(clipFor('hi', word)).toMatchObject({ language: 'hi', url: expect.stringMatching(new RegExp(`hi/${word}\\.ogg$`)) });
      expect(clipFor('en', word)).toMatchObject({ language: 'en', url: expect.stringMatching(new RegExp(`en/${word}\\.ogg$`)) });
      expect(clipFor('pseudo', word)?.language).toBe('en');
    }
    // Every language of the app has a word to say.
    for (const language of LANGUAGES) expect(clipFor(language.id, 'callLead')).toBeDefined();
  });

  it('the word for each error: the cue, or the catalogue key of the sentence for already packed and scan again', () => {
    expect(spokenWordOf('wrongItem', [{ key: 'station.pack.wrongItem' }])).toBe('wrongItem');
    expect(spokenWordOf('serialNeeded')).toBe('serialNeeded');
    expect(spokenWordOf('lead', [{ key: 'station.packError.INVALID_PACK_REQUEST' }])).toBe('callLead');
    expect(spokenWordOf('lead', [{ key: 'station.pack.alreadyPacked' }])).toBe('alreadyPacked');
    expect(spokenWordOf('wrongItem', [{ key: 'station.pack.serialInShift' }])).toBe('alreadyPacked');
    expect(spokenWordOf('lead', [{ key: 'warehouse.claim.packedBy' }])).toBe('alreadyPacked');
    expect(spokenWordOf('wrongItem', [{ key: 'station.pack.garbledEmpty' }])).toBe('scanAgain');
    // The key decides, whatever the words: no English text is read.
    expect(spokenWordOf('wrongItem', [{ key: 'station.pack.noShipment' }, { key: 'station.pack.garbledLong' }])).toBe('scanAgain');
    // A plain failure (a printer, a dispatch) is no wrong item: no word unless its sentence names one.
    expect(spokenWordOf(undefined, [{ key: 'station.print.noSuchJob' }])).toBeUndefined();
    expect(spokenWordOf(undefined, [{ key: 'station.dispatch.garbledEmpty' }])).toBe('scanAgain');
    expect(spokenWordOf('verified')).toBeUndefined();
    expect(spokenWordOf('complete')).toBeUndefined();
  });

  it('says the same word whatever language the desk shows: English, Hindi and the pseudo-locale', async () => {
    const heard = listen();
    useAppStore.setState((s) => ({ settings: { ...s.settings, sounds: { ...s.settings.sounds, enabled: true, volume: 0.5, spoken: true } } }));
    try {
      for (const language of ['en', 'hi', 'pseudo']) {
        await i18n.changeLanguage(language);
        heard.words.length = 0;
        routeScan('\ufffd\ufffd\ufffd', 'serial');
        playSound('lead', { sentences: [{ key: 'station.pack.alreadyPacked' }] });
        const clipLanguage = language === 'pseudo' ? 'en' : language;
        expect(heard.words.map((w) => w.url)).toEqual([expect.stringMatching(new RegExp(`${clipLanguage}/scanAgain\\.ogg$`)), expect.stringMatching(new RegExp(`${clipLanguage}/alreadyPacked\\.ogg$`))]);
      }
    } finally {
      await i18n.changeLanguage('hi');
    }
  });

  it('at the desk in Hindi: a wrong item, an already packed shipment and an unreadable scan each say their word after the sound', async () => {
    const [packed, open] = await createShipments(sb, 2);
    await packAndWait(packed!);
    const { user } = renderApp(app.api);
    const heard = listen();
    await waitFor(() => expect(i18n.language).toBe('hi'));
    await waitFor(() => expect(useAppStore.getState().settings.sounds.spoken).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(scanField()));

    await user.keyboard(`${packed}{Enter}`);
    await waitFor(() => expect(heard.words.at(-1)?.url).toMatch(/hi\/alreadyPacked\.ogg$/), { timeout: 10_000 });

    await user.keyboard(`${open}{Enter}`);
    await waitFor(async () => expect((await app.api.invoke('desk.view', {})).session?.shipmentId).toBe(open));
    heard.cues.length = 0;
    heard.words.length = 0;
    await user.keyboard('NOT-IN-THIS-BOX-42{Enter}');
    await waitFor(() => expect(heard.words).toHaveLength(1), { timeout: 10_000 });
    expect(heard.cues).toEqual(['wrongItem']);
    expect(heard.words[0]!.url).toMatch(/hi\/wrongItem\.ogg$/);
    // After the buzz, not over it.
    expect(heard.words[0]!.afterMs).toBeGreaterThan(cueLengthMs('wrongItem'));

    heard.words.length = 0;
    routeScan('\ufffd\ufffd\ufffd', 'serial');
    expect(heard.words.map((w) => w.url)).toEqual([expect.stringMatching(/hi\/scanAgain\.ogg$/)]);

    // A plain failure elsewhere (a printer, a dispatch) buzzes without a word; an unknown badge asks for the lead.
    heard.words.length = 0;
    playSound('failure', { sentences: [{ key: 'station.print.noSuchJob' }] });
    expect(heard.words).toEqual([]);
    await signInWithBadge(app.api, 'PSOP-ZZZZZZZZ');
    expect(heard.words.map((w) => w.url)).toEqual([expect.stringMatching(/hi\/callLead\.ogg$/)]);
  });

  it('off in Setup: the tick saves it with the desk settings, and then only the sound plays', async () => {
    const { user } = renderApp(app.api, 'setup');
    const heard = listen();
    await waitFor(() => expect(useAppStore.getState().settings.sounds.spoken).toBe(true));
    const tick = (await screen.findByRole('checkbox', { name: 'आवाज़ के बाद बोले गए शब्द' })) as HTMLInputElement;
    expect(tick.checked).toBe(true);
    expect(screen.getByText(/बोलता है: गलत आइटम · सीरियल स्कैन करें · पहले से पैक है · फिर से स्कैन करें · लीड को बुलाएँ/)).toBeTruthy();
    await user.click(tick);
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await app.api.invoke('settings.get', {})).sounds.spoken).toBe(false), { timeout: 10_000 });
    await waitFor(() => expect(useAppStore.getState().settings.sounds.spoken).toBe(false));
    routeScan('\ufffd\ufffd\ufffd', 'serial');
    expect(heard.cues).toEqual(['wrongItem']);
    expect(heard.words).toEqual([]);
    await statusSays(/स्कैन पढ़ा नहीं गया: उसमें अजीब अक्षर हैं/);
  });
});
