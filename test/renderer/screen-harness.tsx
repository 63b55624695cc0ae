// Pieces the single-screen tests share: one app station (over a test sandbox) per file, a station
// that records which commands a screen sent (so a test can prove a refused form sent nothing),
// rendering one screen over it, and the words a control's aria-describedby points at (where a
// form shows its hint and its error).
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { StationProvider } from '../../renderer/src/app/station-context.js';
import type { StationApi } from '../../shared/contract.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';

export interface ScreenStation {
  /** The app station of the file (set once its beforeAll ran). */
  readonly app: TestAppStation;
  /** Commands the screen sent since the last show(), in order. */
  readonly sent: string[];
  /** Renders the screen afresh over the recording station. */
  show(): void;
}

/** One app station for the file's tests, the screen rendered over it, cleaned up after each test. */
export function useScreenStation(screen: ReactElement): ScreenStation {
  let app: TestAppStation | undefined;
  const sent: string[] = [];
  beforeAll(async () => {
    app = await startTestAppStation();
  });
  afterAll(() => app?.close());
  afterEach(cleanup);
  const started = (): TestAppStation => {
    if (!app) throw new Error('the app station starts in beforeAll: use it inside a test');
    return app;
  };
  return {
    get app() {
      return started();
    },
    sent,
    show: () => {
      sent.length = 0;
      renderScreen(recordingStation(started().api, sent), screen);
    },
  };
}

/** A StationApi over `real` that appends every command name to `sent`. */
export function recordingStation(real: StationApi, sent: string[]): StationApi {
  return {
    invoke: (command, args) => {
      sent.push(command);
      return real.invoke(command, args);
    },
    subscribe: (event, fn) => real.subscribe(event, fn),
  };
}

export function renderScreen(station: StationApi, screen: ReactElement): void {
  render(<StationProvider station={station}>{screen}</StationProvider>);
}

/** The text of the elements a control's aria-describedby names, in order. */
export function describedBy(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
