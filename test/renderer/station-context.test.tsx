// @vitest-environment happy-dom
// Screens get the StationApi from context; without a provider they fail loudly, not silently.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StationProvider, useStation } from '../../renderer/src/app/station-context.js';
import type { StationApi } from '../../shared/contract.js';

function Probe() {
  const station = useStation();
  return <p>{typeof station.invoke}</p>;
}

describe('StationProvider', () => {
  it('gives screens the station it was given', () => {
    const api = { invoke: async () => undefined, subscribe: () => () => undefined } as unknown as StationApi;
    render(
      <StationProvider station={api}>
        <Probe />
      </StationProvider>,
    );
    expect(screen.getByText('function')).toBeTruthy();
  });

  it('throws a clear error without a provider', () => {
    expect(() => render(<Probe />)).toThrow(/StationProvider/);
  });
});
