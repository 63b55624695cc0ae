// Pieces the single-screen tests share: a station that records which commands a screen sent (so a
// test can prove a refused form sent nothing), rendering one screen over it, and the words a
// control's aria-describedby points at (where a form shows its hint and its error).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { StationProvider } from '../../renderer/src/app/station-context.js';
import type { StationApi } from '../../shared/contract.js';

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
