// @vitest-environment happy-dom
// Where a scan goes: a focused text field takes a serial scanner's code too (with its Enter); a
// screen that takes no scans does not jump to Pack; a double read is said, not dropped; two reads
// slower than the window are two scans.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { resetScanRouter, routeScan, scanIncomplete, useScanTarget, type ScanInput } from '../../renderer/src/scan/scan-router.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { setSoundOutput, setSpeechOutput } from '../../renderer/src/sound/feedback-sound.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';

afterEach(() => {
  cleanup();
  resetScanRouter();
  setSoundOutput(undefined);
  setSpeechOutput(undefined);
  switchLanguage('en');
});

function Target({ got }: { got: (input: ScanInput) => void }) {
  useScanTarget(got);
  return null;
}

describe('routeScan', () => {
  it('puts a serial scan into the focused search field and submits its form, not to the screen', () => {
    const submitted = vi.fn();
    const got = vi.fn();
    render(
      <>
        <Target got={got} />
        <form onSubmit={(e) => (e.preventDefault(), submitted((e.currentTarget.elements.namedItem('q') as HTMLInputElement).value))}>
          <label>
            Search text
            <input name="q" type="search" />
          </label>
        </form>
      </>,
    );
    (screen.getByLabelText('Search text') as HTMLInputElement).focus();
    routeScan('KTC-STD-004', 'serial', 1000);
    expect(got).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('KTC-STD-004');
    expect(submitted).toHaveBeenCalledWith('KTC-STD-004');
  });

  it('stays on Setup with no screen target, and says where the code can go', () => {
    useAppStore.setState({ screen: 'setup' });
    routeScan('SETUP-1234', 'serial', 1000);
    expect(useAppStore.getState().screen).toBe('setup');
    expect(useAppStore.getState().status.text).toMatch(/Scanned SETUP-1234\. This screen does not take scans/);
    useAppStore.setState({ screen: 'queue' });
    routeScan('SH00000000000001', 'wedge', 2000);
    expect(useAppStore.getState().screen).toBe('pack');
  });

  it('counts a wedge code twice 400 ms apart as two scans, and within the window as one, said', () => {
    useAppStore.setState((s) => ({ settings: { ...s.settings, scan: { ...s.settings.scan, debounceMs: 150 } } }));
    const got = vi.fn();
    render(<Target got={got} />);
    routeScan('BOK-HB-003', 'wedge', 1000);
    routeScan('BOK-HB-003', 'wedge', 1400);
    expect(got).toHaveBeenCalledTimes(2);
    routeScan('BOK-HB-003', 'wedge', 1450);
    expect(got).toHaveBeenCalledTimes(2);
    expect(useAppStore.getState().status.text).toMatch(/Scanner double read: BOK-HB-003 came twice within 150 ms/);
    routeScan('BOK-HB-003', 'serial', 1460, 150);
    expect(got).toHaveBeenCalledTimes(2);
  });

  it('says a wedge scan that never got its ending key is incomplete, with the failure sound and "scan again", in the desk’s language', () => {
    useAppStore.setState((st) => ({ settings: { ...st.settings, sounds: { enabled: true, volume: 0.8, spoken: true } } }));
    const got = vi.fn();
    render(<Target got={got} />);
    const cues: string[] = [];
    const words: string[] = [];
    setSoundOutput((kind) => cues.push(kind));
    setSpeechOutput((url) => words.push(url));
    scanIncomplete('00015');
    expect(useAppStore.getState().status).toMatchObject({ tone: 'error', text: 'Scan incomplete: “00015” came without the scanner’s ending key, so nothing was scanned. Scan again.' });
    switchLanguage('hi');
    scanIncomplete('00015');
    expect(useAppStore.getState().status.text).toBe('स्कैन अधूरा: “00015” स्कैनर की आख़िरी कुंजी के बिना आया, इसलिए कुछ भी स्कैन नहीं हुआ। फिर से स्कैन करें।');
    expect(cues).toEqual(['failure', 'failure']);
    expect(words).toEqual([expect.stringMatching(/en\/scanAgain\.ogg$/), expect.stringMatching(/hi\/scanAgain\.ogg$/)]);
    // Nothing was scanned.
    expect(got).not.toHaveBeenCalled();
  });
});
