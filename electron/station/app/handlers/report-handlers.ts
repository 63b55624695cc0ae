// Printing a list as the screen shows it (Activity, Queue) on the document printer, as A4 pages.
import { formatIstDisplay } from '../../packing/ist-dates.js';
import { renderReport } from '../../reports/report-pdf.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';

export function reportHandlers(ctx: AppContext): Handlers {
  return {
    'report.print': async ({ title, titleSentence, subtitle, columns, rows }) => {
      const { pdf, pages } = await renderReport({ title, subtitle, columns, rows, printedAt: formatIstDisplay(ctx.clock.now()) });
      const { jobId, printer } = await ctx.print('document', pdf, titleSentence ?? title);
      return { jobId, pages, printer };
    },
  };
}
