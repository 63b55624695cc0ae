// Contract handlers of the lead's board and the whole warehouse's Activity. On a desk the board
// opens on first use, from the warehouse settings (warehouse-config.ts); the board-only host
// hands in a source it opened itself. A desk without a warehouse database answers "not in
// warehouse mode" in words, never an error.
import type { BoardView } from '../../../../shared/contract/warehouse.js';
import { StationError } from '../../../../shared/contract/define.js';
import type { EventHub, Handlers } from '../dispatcher.js';
import { openBoardSource, type BoardSource } from '../../warehouse/board-source.js';
import type { PgListeners } from '../../warehouse/pg-listener.js';
import { resolveWarehouseConfig } from '../../warehouse/warehouse-config.js';
import type { SettingsStore } from '../../settings/settings-store.js';
import type { SecretStore } from '../../settings/secret-store.js';
import { printerProblemOf } from '../../warehouse/desk-presence-reports.js';
import type { DeskPresenceReport } from '../../warehouse/desk-presence.js';
import type { AppContext } from '../app-context.js';
import { englishSentence, keyed } from '../../../../shared/i18n/station-sentences.js';
import { warehouseProblemSentence } from '../../warehouse/warehouse-problem-words.js';

const NOT_WAREHOUSE_SAID = keyed('warehouse.db.board.notWarehouse');
export const NOT_WAREHOUSE = englishSentence(NOT_WAREHOUSE_SAID);

/** The whole warehouse's activity could not be read (the database is away or refused the query). */
export const ACTIVITY_UNREADABLE = 'WAREHOUSE_ACTIVITY_UNREADABLE';

export interface BoardAccess {
  /** The board, opened on first use; undefined when there is no warehouse database. */
  source(): Promise<BoardSource | undefined>;
  /** Whether there is a warehouse database, without opening the board. */
  enabled(): boolean;
}

const off = (boardOnly: boolean): BoardView => ({ enabled: false, link: 'connecting', boardOnly, reason: NOT_WAREHOUSE, reasonSentence: NOT_WAREHOUSE_SAID });

export function boardHandlers(access: BoardAccess, boardOnly = false): Handlers {
  return {
    'warehouse.status': () => ({ enabled: access.enabled(), boardOnly }),
    'warehouse.board': async () => {
      try {
        return (await access.source())?.view() ?? off(boardOnly);
      } catch (error) {
        // The settings name a database the board cannot use (a bad address, a CA file missing): say so.
        const said = keyed('warehouse.db.board.cannotOpen', undefined, { problem: warehouseProblemSentence(error, '') });
        return { enabled: true, link: 'connecting', boardOnly, reason: englishSentence(said), reasonSentence: said };
      }
    },
    'warehouse.activity': async ({ text, limit, language }) => {
      try {
        const source = await access.source();
        if (!source) return { enabled: false, reason: NOT_WAREHOUSE, entries: [] };
        return { enabled: true, entries: await source.activity({ text, limit, language }) };
      } catch (error) {
        if (error instanceof StationError && error.sentence) throw error;
        // The database did not answer: said in the desk's language, the driver's words kept for the log.
        const sentence = keyed('activity.warehouseUnreadable');
        throw new StationError(ACTIVITY_UNREADABLE, `${englishSentence(sentence)} (${(error as Error).message})`, sentence);
      }
    },
  };
}

export interface LazyBoard extends BoardAccess {
  /** Closes the board (the database settings changed); the next request opens it again. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** A board opened once, on first use, and forwarded to the station's events. */
export function lazyBoard(open: () => Promise<BoardSource | undefined>, hub: EventHub, enabled: () => boolean = () => true): LazyBoard {
  let opening: Promise<BoardSource | undefined> | undefined;
  const close = async (): Promise<void> => {
    const was = opening;
    opening = undefined;
    await (await was?.catch(() => undefined))?.stop();
  };
  return {
    enabled,
    source: () =>
      (opening ??= open().then((source) => {
        // No database yet: asked again next time (Setup may set one meanwhile).
        if (!source) opening = undefined;
        source?.subscribe((view) => hub.emit('warehouse.board.changed', view));
        // What the board read while opening, for every page already showing it.
        if (source) hub.emit('warehouse.board.changed', source.view());
        return source;
      })).catch((error: unknown) => {
        opening = undefined; // a later request tries again
        throw error;
      }),
    reset: close,
    stop: close,
  };
}

/** The desk's board: from the warehouse settings, the environment and the desk's secrets. */
export function deskBoard(deps: { settings: SettingsStore; secrets: SecretStore; hub: EventHub; log?: (line: string) => void; listeners?: PgListeners }): LazyBoard {
  const config = () => resolveWarehouseConfig({ settings: deps.settings.get(), env: process.env, secrets: deps.secrets });
  const board = lazyBoard(
    async () => {
      const c = config();
      return c.enabled ? openBoardSource({ connection: c.connection, log: deps.log, listeners: deps.listeners }) : undefined;
    },
    deps.hub,
    () => config().enabled,
  );
  // Setup changed the database: the open board closes, and a Warehouse screen on show follows
  // the new one (or hears that the desk works alone now).
  const unsubscribe = deps.settings.onChange((next, previous) => {
    if (JSON.stringify(next.warehouse) === JSON.stringify(previous.warehouse)) return;
    void board
      .reset()
      .then(() => board.source())
      .then((source) => void (source ? undefined : deps.hub.emit('warehouse.board.changed', off(false))))
      .catch((error: unknown) => deps.log?.(`board: ${(error as Error).message}`));
  });
  return {
    ...board,
    stop: async () => {
      unsubscribe();
      await board.stop();
    },
  };
}

/**
 * What this desk tells the board in its heartbeat, read from the station: where warehouse mode is
 * wired, `startDeskReports({ pool, desk, hub, read: () => deskReportState(context) })`. A part the
 * desk cannot read yet (no operator signed in, no desk restored) is left out, never an error.
 */
export function deskReportState(ctx: Pick<AppContext, 'who' | 'desk' | 'printQueue'>): Omit<DeskPresenceReport, 'desk'> {
  const attempt = <T>(fn: () => T): T | undefined => {
    try {
      return fn();
    } catch {
      return undefined;
    }
  };
  const operator = attempt(() => ctx.who().operator);
  const currentShipment = attempt(() => ctx.desk().view().session?.shipmentId);
  const printerProblem = attempt(() => printerProblemOf(ctx.printQueue.list()));
  return { ...(operator ? { operator } : {}), ...(currentShipment ? { currentShipment } : {}), ...(printerProblem ? { printerProblem } : {}) };
}
