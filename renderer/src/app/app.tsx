// The app: the station (watched for lost connections) in context, and the shell.
import { useEffect, useMemo } from 'react';
import type { StationApi } from '../../../shared/contract.js';
import { useAppStore, type Connection } from '../stores/app-store.js';
import { AppShell } from './app-shell.js';
import { watchConnection, type ConnectionWatchOptions } from './connection-watch.js';
import { StationProvider } from './station-context.js';
import { I18nextProvider } from 'react-i18next';
import { i18n, tr } from '../i18n/i18n.js';

function onConnection(connection: Connection) {
  const { connection: was, setConnection, say } = useAppStore.getState();
  if (connection === was) return;
  setConnection(connection);
  if (connection === 'lost') say('error', tr('app.lostConnection'));
  else if (was === 'lost') say('ok', tr('app.backOnline'));
  // Nothing has been said yet: replace "Connecting…" so the line never shows a stale state.
  else if (useAppStore.getState().status.seq === 0) say('info', tr('app.connected'));
}

export interface AppProps {
  station: StationApi;
  heartbeatMs?: number;
  /** The transport's own connection state (browser mode's WebSocket), noticed at once. */
  transportStatus?: ConnectionWatchOptions['transportStatus'];
  /** Whether the station lets this page in, asked while it does not answer. */
  probeAccess?: ConnectionWatchOptions['probeAccess'];
}

export function App({ station, heartbeatMs, transportStatus, probeAccess }: AppProps) {
  const watched = useMemo(
    () =>
      watchConnection(station, {
        onChange: onConnection,
        heartbeatMs,
        transportStatus,
        probeAccess,
        onWaiting: (n) => useAppStore.getState().setScansWaiting(n),
        onDenied: (denied) => useAppStore.getState().setPageDenied(denied),
      }),
    [station, heartbeatMs, transportStatus, probeAccess],
  );
  useEffect(() => watched.start(), [watched]);
  return (
    <I18nextProvider i18n={i18n}>
      <StationProvider station={watched.api}>
        <AppShell />
      </StationProvider>
    </I18nextProvider>
  );
}
