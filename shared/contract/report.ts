// Printing a list as it is shown (Activity, Queue): the screen sends its columns and rows in
// words, the station lays them out on A4 and prints them on the document printer.
import { z } from 'zod';
import { command, KeyedSentence } from './define.js';

/** A list longer than this is refused: split it with the screen's filters. */
export const MAX_REPORT_ROWS = 5000;

export const ReportArgs = z.object({
  title: z.string().min(1).max(200),
  /**
   * The title as a catalogue key: the print job is then named in English (CUPS names the job and
   * cups-pdf its file after it) and the Print screen says it in the desk's language.
   */
  titleSentence: KeyedSentence.optional(),
  /** What the list shows, e.g. the filters: "Today, 24 Nov 2026; search: SH0000…". */
  subtitle: z.string().max(500).optional(),
  columns: z.array(z.string().max(100)).min(1).max(12),
  rows: z.array(z.array(z.string().max(2000))).max(MAX_REPORT_ROWS),
});

export const reportCommands = {
  'report.print': command(ReportArgs, z.object({ jobId: z.string(), pages: z.number().int(), printer: z.string() }), 'Print a list as shown on the screen, on A4, on the document printer.'),
} as const;
