// A print job as the station keeps it: what to print, where, and the state the operator sees.
// The record is journaled whole on every change, so its schema is the journal's format.
import { z } from 'zod';
import { KeyedSentence } from '../../../shared/contract/define.js';
import { MEDIA_IDS } from './media.js';
import { PrinterRoleSchema, roleLabel, type PrinterRole } from './printer-settings.js';

export const PRINT_JOB_STATES = ['queued', 'printing', 'waiting', 'done', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** Why a job is waiting: the printer's state, or an error that will be retried. */
export const WAIT_REASONS = ['stopped', 'missing', 'error'] as const;

export const PrintJobSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  /**
   * The title as a catalogue key, for the Print screen in the desk's language. The printer keeps
   * the English `title`: CUPS names the job and cups-pdf its file after it (ASCII survives both).
   */
  titleSaid: KeyedSentence.optional(),
  role: PrinterRoleSchema,
  printer: z.string().min(1),
  media: z.enum(MEDIA_IDS).optional(),
  copies: z.number().int().min(1),
  /** The spooled PDF; kept so the job can be reprinted. */
  file: z.string().min(1),
  pages: z.number().int().min(0).optional(),
  state: z.enum(PRINT_JOB_STATES),
  waitReason: z.enum(WAIT_REASONS).optional(),
  message: z.string(),
  /** Failed attempts to hand the job to the printer (errors, not a stopped or missing printer). */
  attempts: z.number().int().min(0),
  backendJobId: z.string().optional(),
  reprintOf: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrintJob = z.infer<typeof PrintJobSchema>;

export const isFinished = (job: Pick<PrintJob, 'state'>): boolean => job.state === 'done' || job.state === 'failed';

export type PrintQueueEvent = { type: PrintJobState; job: PrintJob };

function printerLabel(role: PrinterRole, printer: string): string {
  return `${roleLabel(role)} '${printer}'`;
}

/** The sentences the operator reads; kept together so they stay consistent. */
export const messages = {
  queued: (role: PrinterRole, printer: string) => `Waiting to be sent to ${printerLabel(role, printer)}`,
  sent: (role: PrinterRole, printer: string) => `Sent to ${printerLabel(role, printer)}`,
  printing: (role: PrinterRole, printer: string) => `Printing on ${printerLabel(role, printer)}`,
  done: (role: PrinterRole, printer: string) => `Printed on ${printerLabel(role, printer)}`,
  missing: (role: PrinterRole, printer: string) =>
    `${printerLabel(role, printer)} is missing (not connected or not installed); the job waits and retries`,
  stoppedHere: (role: PrinterRole, printer: string, reason: string) =>
    `${printerLabel(role, printer)} is stopped${reason ? ` (${reason})` : ''}; the job waits and retries`,
  stoppedAtPrinter: (role: PrinterRole, printer: string, reason: string) =>
    `${printerLabel(role, printer)} is stopped${reason ? ` (${reason})` : ''}; the job waits in the printer's queue and prints when the printer is started again`,
  retrying: (role: PrinterRole, printer: string, error: string) =>
    `Could not send the job to ${printerLabel(role, printer)} (${error}); the job waits and retries`,
  failed: (role: PrinterRole, printer: string, error: string) => `Printing on ${printerLabel(role, printer)} failed: ${error}`,
};
