// The station contract: every command the renderer can ask for and every event it can receive,
// each with zod schemas. The same definitions run over Electron IPC, the browser-mode WebSocket
// and the in-memory pair (ARCHITECTURE.md § The contract).
import type { z } from 'zod';
import { deskCommands, deskEvents } from './contract/desk.js';
import { setupCommands, setupEvents } from './contract/setup.js';
import { queueCommands, queueEvents } from './contract/queue.js';
import { returnsCommands } from './contract/returns.js';
import { listingsCommands } from './contract/listings.js';
import { activityCommands } from './contract/activity.js';
import { barcodesCommands } from './contract/barcodes.js';
import { reportCommands } from './contract/report.js';
import { videoCommands } from './contract/video.js';
import { claimsCommands } from './contract/claims.js';
import { warehouseCommands, warehouseEvents } from './contract/warehouse.js';
import { warehouseDeskCommands, warehouseDeskEvents } from './contract/warehouse-desk.js';
import { operatorsCommands, operatorsEvents } from './contract/operators.js';
import { pushCommands, pushEvents } from './contract/push.js';

export const commands = {
  ...setupCommands,
  ...queueCommands,
  ...deskCommands,
  ...returnsCommands,
  ...listingsCommands,
  ...activityCommands,
  ...barcodesCommands,
  ...reportCommands,
  ...videoCommands,
  ...claimsCommands,
  ...warehouseCommands,
  ...warehouseDeskCommands,
  ...operatorsCommands,
  ...pushCommands,
} as const;

export const events = {
  ...setupEvents,
  ...queueEvents,
  ...deskEvents,
  ...warehouseEvents,
  ...warehouseDeskEvents,
  ...operatorsEvents,
  ...pushEvents,
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type EventName = keyof typeof events;
export type ArgsOf<C extends CommandName> = z.input<Commands[C]['args']>;
export type ResultOf<C extends CommandName> = z.output<Commands[C]['result']>;
export type PayloadOf<E extends EventName> = z.output<(typeof events)[E]['payload']>;

/** The two operations every transport offers the renderer (and nothing else). */
export interface StationApi {
  invoke<C extends CommandName>(command: C, args: ArgsOf<C>): Promise<ResultOf<C>>;
  subscribe<E extends EventName>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
}

export { StationError, CONTRACT_ERRORS } from './contract/define.js';
