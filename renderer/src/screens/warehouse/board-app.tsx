// The board alone (the board-only host, `npm run web -- --board`): no desk, no scanners, no
// navigation, only the Warehouse screen and whether the page still reaches the host. When the
// link to the host comes back, the screen is mounted again and reads the board afresh.
import { useEffect, useState } from 'react';
import type { StationApi } from '../../../../shared/contract.js';
import { StationProvider } from '../../app/station-context.js';
import type { ConnectionStatus } from '../../transport/station.js';
import WarehouseScreen from './index.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';

export interface BoardAppProps {
  station: StationApi;
  transportStatus?: (listener: (status: ConnectionStatus) => void) => () => void;
  probeAccess?: () => Promise<boolean>;
}

const HOST_WORDS: Record<ConnectionStatus, string> = {
  connecting: msgKey('warehouse.host.connecting'),
  connected: msgKey('warehouse.host.connected'),
  disconnected: msgKey('warehouse.host.disconnected'),
};

export function BoardApp({ station, transportStatus, probeAccess }: BoardAppProps) {
  const { t } = useT();
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [epoch, setEpoch] = useState(0);
  const [denied, setDenied] = useState(false);
  useEffect(
    () =>
      transportStatus?.((next) => {
        setStatus(next);
        if (next === 'connected') setEpoch((n) => n + 1);
        if (next === 'disconnected') void probeAccess?.().then((ok) => setDenied(!ok));
      }),
    [transportStatus, probeAccess],
  );
  useEffect(() => {
    document.title = t('warehouse.host.title');
  }, [t]);
  return (
    <StationProvider station={station}>
      <div className="app board-only">
        <header className="board-only-header">
          <span className="app-name">{t('app.name')}</span>
          <span>{t('warehouse.host.board')}</span>
          <span role={status === 'disconnected' ? 'alert' : undefined} className={`chip host-${status}`}>
            {denied ? t('warehouse.host.denied') : t(HOST_WORDS[status])}
          </span>
        </header>
        <main className="board-only-main">
          <WarehouseScreen key={epoch} canRelease={false} />
        </main>
      </div>
    </StationProvider>
  );
}
