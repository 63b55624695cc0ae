// @vitest-environment happy-dom
// Sounds that need no reading, at the Pack screen over a real app station: a unit verified, a
// shipment complete, a wrong item, a serial needed and an error that needs the lead each have
// their own cue, and each cue is a different sound; volume 0 or sounds off plays nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CUE_TONES, deskCue, type Cue } from '../../renderer/src/sound/cues.js';
import { playSound, setSoundOutput } from '../../renderer/src/sound/feedback-sound.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { defaultSettings } from '../../shared/settings.js';
import type { DeskView } from '../../shared/contract/desk.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
const session = useAppStation({ scan: { debounceMs: 0 } });
beforeAll(async () => {
  ({ sb, app } = session);
});

function recordCues(): Cue[] {
  const cues: Cue[] = [];
  setSoundOutput((_kind, _volume, cue) => cues.push(cue));
  return cues;
}

// Nothing left open for the next test.
afterEach(async () => {
  if ((await app.api.invoke('desk.view', {})).session) await app.api.invoke('desk.putAside', {});
});

const scanField = () => screen.getByLabelText('Scan') as HTMLInputElement;

describe('sounds', () => {
  it('every cue sounds different from every other', () => {
    const shapes = Object.entries(CUE_TONES).map(([, tones]) => JSON.stringify(tones.map((t) => [t.frequency, t.at, t.duration, t.wave])));
    expect(new Set(shapes).size).toBe(Object.keys(CUE_TONES).length);
    expect(Object.keys(CUE_TONES).sort()).toEqual(['complete', 'lead', 'serialNeeded', 'verified', 'wrongItem']);
  });

  it('a unit verified, a wrong item, then the shipment complete, at the desk', async () => {
    const [id] = await createShipments(sb, 1);
    const items = sb.world.shipments.get(id!)!.orderItems;
    const { user } = renderApp(app.api);
    const cues = recordCues();
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await user.keyboard(`${id}{Enter}`);
    await statusSays(new RegExp(`Shipment ${id} opened`));
    cues.length = 0;
    await user.keyboard('NOT-IN-THIS-BOX-42{Enter}');
    await statusSays(/Wrong item/);
    expect(cues).toEqual(['wrongItem']);
    const scans = items.flatMap((i) => Array.from({ length: i.quantity }, () => i.sku));
    for (const [n, sku] of scans.entries()) {
      cues.length = 0;
      await user.keyboard(`${sku}{Enter}`);
      await waitFor(() => expect(cues.length).toBeGreaterThan(0), { timeout: 10_000 });
      // The last unit completes the shipment (and may pack it at once): the chime, not the tick.
      expect(cues[0]).toBe(n === scans.length - 1 ? 'complete' : 'verified');
      await new Promise((r) => setTimeout(r, 20));
    }
    await user.keyboard('{Escape}');
  });

  it('a phone asks for its IMEI with the serial-needed cue', async () => {
    const [id] = await createShipments(sb, 1, 'serialized');
    const item = sb.world.shipments.get(id!)!.orderItems[0]!;
    const { user } = renderApp(app.api);
    const cues = recordCues();
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await user.keyboard(`${id}{Enter}`);
    await statusSays(new RegExp(`Shipment ${id} opened`));
    cues.length = 0;
    await user.keyboard(`${item.sku}{Enter}`);
    await waitFor(() => expect(cues).toEqual(['serialNeeded']), { timeout: 10_000 });
    await user.keyboard('{Escape}');
  });

  it('a refusal with no shipment open, or from the station, needs the lead; a plain failure elsewhere stays the buzz', () => {
    const feedback = (sound: 'success' | 'failure' | 'none') => ({ tone: 'error' as const, text: 'x', sound });
    const view = (sound: 'success' | 'failure' | 'none'): DeskView => ({ feedback: feedback(sound), jobs: [], awaitingDispatch: [] });
    expect(deskCue(undefined, view('failure'))).toBe('lead');
    expect(deskCue(undefined, view('none'))).toBe('none');
    const cues = recordCues();
    playSound('failure');
    playSound('lead');
    expect(cues).toEqual(['wrongItem', 'lead']);
  });

  it('sounds off, or volume 0, plays nothing', () => {
    const cues = recordCues();
    useAppStore.setState({ settings: { ...defaultSettings(), sounds: { enabled: false, volume: 0.8, spoken: true } } });
    playSound('complete');
    useAppStore.setState({ settings: { ...defaultSettings(), sounds: { enabled: true, volume: 0, spoken: true } } });
    playSound('lead');
    expect(cues).toEqual([]);
    useAppStore.setState({ settings: defaultSettings() });
  });
});
