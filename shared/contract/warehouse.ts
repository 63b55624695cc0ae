// The lead's board and the whole warehouse's activity (warehouse mode): read-only views of the
// shared PostgreSQL database, served by a desk or by the board-only host.
import { z } from 'zod';
import { command, event, KeyedSentence, NoArgs } from './define.js';
import { ActivityEntry } from './activity.js';

export type BoardDesk = z.infer<typeof BoardDesk>;
export const BoardDesk = z.object({
  desk: z.string(),
  operator: z.string().optional(),
  /** The latest sign of the desk: a heartbeat or a journal record (ISO time). */
  lastSeen: z.string().optional(),
  /** Shipments packed in the last 60 minutes. */
  packsLastHour: z.number().int(),
  currentShipment: z.string().optional(),
  printerProblem: z.string().optional(),
  printerProblemSince: z.string().optional(),
});

export type BoardOperator = z.infer<typeof BoardOperator>;
export const BoardOperator = z.object({
  operator: z.string(),
  desks: z.array(z.string()),
  packsLastHour: z.number().int(),
  lastSeen: z.string().optional(),
});

/** Shipments not yet packed, by their dispatch-by time (IST day). */
export type BoardBacklog = z.infer<typeof BoardBacklog>;
export const BoardBacklog = z.object({
  overdue: z.number().int(),
  /** Due within the next 2 hours. */
  dueSoon: z.number().int(),
  /** Due later today (IST), beyond the next 2 hours. */
  today: z.number().int(),
  later: z.number().int(),
  /** When a desk's queue last reported the backlog, and which desk; absent: never. */
  reportedAt: z.string().optional(),
  reportedBy: z.string().optional(),
});

export type BoardWave = z.infer<typeof BoardWave>;
export const BoardWave = z.object({
  waveId: z.string(),
  desk: z.string(),
  operator: z.string().optional(),
  open: z.number().int(),
  packed: z.number().int(),
  startedAt: z.string().optional(),
});

export const BoardSnapshot = z.object({
  generatedAt: z.string(),
  desks: z.array(BoardDesk),
  operators: z.array(BoardOperator),
  backlog: BoardBacklog,
  waves: z.array(BoardWave),
});
export type BoardSnapshot = z.infer<typeof BoardSnapshot>;

/** 'live': notified by the database; 'polling': the listener is reconnecting, figures are read on a timer. */
export const BoardLink = z.enum(['live', 'polling', 'connecting']);
export type BoardLink = z.infer<typeof BoardLink>;

export const BoardView = z.object({
  /** False: this desk is not in warehouse mode (reason says what to do). */
  enabled: z.boolean(),
  link: BoardLink,
  reason: z.string().optional(),
  /** The reason as a catalogue key, said in the desk's language. */
  reasonSentence: KeyedSentence.optional(),
  snapshot: BoardSnapshot.optional(),
  /** True when served by the board-only host (no desk behind it). */
  boardOnly: z.boolean(),
});
export type BoardView = z.infer<typeof BoardView>;

export const WarehouseActivityEntry = ActivityEntry.extend({ desk: z.string() });
export type WarehouseActivityEntry = z.infer<typeof WarehouseActivityEntry>;

export const warehouseCommands = {
  'warehouse.status': command(NoArgs, z.object({ enabled: z.boolean(), boardOnly: z.boolean() }), 'Whether warehouse mode is on (without opening the board).'),
  'warehouse.board': command(NoArgs, BoardView, "The lead's board: desks, operators, backlog and waves of the whole warehouse."),
  'warehouse.activity': command(
    z.object({ text: z.string().max(100).optional(), limit: z.number().int().min(1).max(2000).default(200), language: z.string().max(20).optional() }),
    z.object({ enabled: z.boolean(), reason: z.string().optional(), entries: z.array(WarehouseActivityEntry) }),
    "Every desk's audit trail from the warehouse database, newest first; the text is also matched against each line in `language` (the desk's).",
  ),
} as const;

export const warehouseEvents = {
  'warehouse.board.changed': event(BoardView, 'The board changed (a desk packed, printed, claimed, or the link changed).'),
} as const;
