// Screens reach the main process through the StationApi from this context, never through a
// global: the app provides the real transport, component tests provide the in-memory one.
import { createContext, useContext, type ReactNode } from 'react';
import type { StationApi } from '../../../shared/contract.js';

const StationContext = createContext<StationApi | undefined>(undefined);

export function StationProvider({ station, children }: { station: StationApi; children: ReactNode }) {
  return <StationContext.Provider value={station}>{children}</StationContext.Provider>;
}

export function useStation(): StationApi {
  const station = useContext(StationContext);
  if (!station) throw new Error('useStation() needs a <StationProvider> above it.');
  return station;
}
