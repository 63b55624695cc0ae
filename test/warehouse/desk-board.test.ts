// The desk's board follows Setup, against a real PostgreSQL: without a database the Warehouse
// screen hears that the desk works alone; a database set in the settings opens the board (live,
// through the station's events); taking it away again closes it.
import { describe, expect, it } from 'vitest';
import type { BoardView } from '../../shared/contract/warehouse.js';
import { EventHub } from '../../electron/station/app/dispatcher.js';
import { boardHandlers, deskBoard, NOT_WAREHOUSE } from '../../electron/station/app/handlers/board-handlers.js';
import { MemorySecretStore } from '../../electron/station/settings/secret-store.js';
import { MemorySettingsStore } from '../../electron/station/settings/settings-store.js';
import { recordingDesk } from '../support/board-desks.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';

describe.runIf(requirePostgres())("the desk's board", () => {
  const wh = useWarehouseDatabase();

  it('opens when Setup sets the database, follows the desks live, and closes when it is taken away', async () => {
    const url = await wh.freshUrl();
    const settings = new MemorySettingsStore({ desk: { name: 'Desk 1', operator: 'Asha' } });
    const hub = new EventHub();
    const events: BoardView[] = [];
    hub.subscribe((m) => void (m.name === 'warehouse.board.changed' && events.push(m.payload as BoardView)));
    const board = deskBoard({ settings, secrets: new MemorySecretStore(), hub });
    const handlers = boardHandlers(board);
    const call = (name: 'warehouse.board' | 'warehouse.status') => (handlers[name] as () => Promise<unknown>)();
    const desk = await recordingDesk(wh.pool({ url }), 'Desk 2', { now: () => new Date() });
    try {
      expect(await call('warehouse.status')).toEqual({ enabled: false, boardOnly: false });
      expect(await call('warehouse.board')).toMatchObject({ enabled: false, reason: NOT_WAREHOUSE });

      settings.update({ warehouse: { url } } as never);
      await until('the board opened by the settings', () => events.some((e) => e.enabled && e.link === 'live'));
      expect(await call('warehouse.status')).toEqual({ enabled: true, boardOnly: false });
      await desk.pack('Ravi', ['S1']);
      await desk.ship();
      await until('the pack on the desk board', () => events.some((e) => e.snapshot?.desks.some((d) => d.desk === 'Desk 2' && d.packsLastHour === 1)));

      settings.update({ warehouse: { url: '' } } as never);
      await until('the board closed', () => events.at(-1)?.enabled === false);
      expect(await call('warehouse.board')).toMatchObject({ enabled: false });
    } finally {
      await desk.close();
      await board.stop();
    }
  });
});
