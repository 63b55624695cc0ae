// The lead's board alone, without a desk: browser mode's host (the same loopback origin, page
// token, cookie and Origin checks) serving the renderer's board page and a contract that answers
// the board's two read-only commands and refuses every other one. No journal, no marketplace, no
// devices are opened: a lead's screen on a machine with no desk (`npm run web -- --board`).
import { join } from 'node:path';
import { CallMessage, type ReplyMessage } from '../../shared/contract/wire.js';
import { CONTRACT_ERRORS } from '../../shared/contract/define.js';
import { boardHandlers, lazyBoard } from '../station/app/handlers/board-handlers.js';
import { Dispatcher, EventHub } from '../station/app/dispatcher.js';
import { openBoardSource, type BoardSourceOptions } from '../station/warehouse/board-source.js';
import { resolveWarehouseConfig } from '../station/warehouse/warehouse-config.js';
import { openStores } from '../station/station.js';
import { startHost, type DispatcherLike, type RunningHost } from './host-server.js';
import { BOARD_SESSIONS_FILE } from './browser-sessions.js';
import { pageKey } from './page-access.js';

/** The board page of the renderer (renderer/src/main.tsx shows the board alone there). */
export const BOARD_PAGE = '/?board';

const BOARD_COMMANDS = new Set(['warehouse.status', 'warehouse.board', 'warehouse.activity']);

export const BOARD_ONLY_REFUSAL = "This address serves the lead's board only: it reads the warehouse database and cannot pack, print or change anything. Use a desk for that.";

/** Answers the board's commands; every other command is refused in words (FORBIDDEN). */
export function boardOnlyDispatcher(inner: DispatcherLike): DispatcherLike {
  return {
    async handle(raw, ctx): Promise<ReplyMessage | undefined> {
      const parsed = CallMessage.safeParse(raw);
      if (!parsed.success) return undefined;
      if (!BOARD_COMMANDS.has(parsed.data.command)) return { t: 'reply', id: parsed.data.id, ok: false, error: { code: CONTRACT_ERRORS.forbidden, message: BOARD_ONLY_REFUSAL } };
      return inner.handle(raw, ctx);
    },
  };
}

export interface BoardModeOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  env?: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
  /** Timing of the feed (tests). */
  feed?: Pick<BoardSourceOptions, 'pollMs' | 'refreshMs'>;
}

export interface RunningBoardMode {
  host: RunningHost;
  /** The address to open: the board page with its token. */
  url: string;
  stop(): Promise<void>;
}

export async function startBoardMode(options: BoardModeOptions): Promise<RunningBoardMode> {
  const stores = openStores(options.dataDir);
  const config = resolveWarehouseConfig({ settings: stores.settings.get(), env: options.env ?? process.env, secrets: stores.secrets });
  if (!config.enabled) {
    throw new Error('The board needs the warehouse database: give it with STATION_WAREHOUSE_URL=postgres://… or set it in Setup → Warehouse of this data folder.');
  }
  const hub = new EventHub();
  const board = lazyBoard(() => openBoardSource({ connection: config.connection, boardOnly: true, log: options.log, ...options.feed }), hub);
  // Opened at start: the board is live before the first page asks, and a wrong address is said now.
  await board.source();
  const dispatcher = boardOnlyDispatcher(new Dispatcher(boardHandlers(board, true)));
  let host: RunningHost;
  try {
    host = await startHost({ dispatcher, hub, rendererDir: options.rendererDir, port: options.port, key: pageKey(options.dataDir), sessionsFile: join(options.dataDir, BOARD_SESSIONS_FILE), landing: BOARD_PAGE, log: options.log });
  } catch (error) {
    await board.stop();
    throw error;
  }
  const url = `${host.origin}${BOARD_PAGE}&token=${host.token}`;
  let stopping: Promise<void> | undefined;
  return { host, url, stop: () => (stopping ??= host.close().then(() => board.stop())) };
}
