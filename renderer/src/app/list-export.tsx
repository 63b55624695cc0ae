// Two buttons under a list: save it as a CSV file a spreadsheet opens, or print it on the
// document printer as A4 pages, exactly as the screen shows it (its filters say what it holds).
import { useState } from 'react';
import { writeSpreadsheetCsv } from '../../../shared/spreadsheet-csv.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from '../stores/app-store.js';
import { errorWords } from './errors.js';
import { saveTextFile } from './save-file.js';
import { useStation } from './station-context.js';
import { useT } from '../i18n/use-t.js';

export interface ListForExport {
  title: string;
  /** The title's catalogue key: the print job is named by it (English at the printer, the desk's language on Print). */
  titleKey?: string;
  /** What the list shows: its filters, in words. */
  subtitle: string;
  /** The CSV file's name, without .csv. */
  fileName: string;
  columns: string[];
  rows: string[][];
}

export function ListExport({ list, disabled }: { list: () => ListForExport; disabled?: boolean }) {
  const api = useStation();
  const { t } = useT();
  const [printing, setPrinting] = useState(false);

  function saveCsv() {
    const l = list();
    saveTextFile(`${l.fileName}.csv`, writeSpreadsheetCsv([l.columns, ...l.rows], { byteOrderMark: true }), 'text/csv');
    say('ok', t('activity.export.saved', { file: `${l.fileName}.csv`, count: l.rows.length }));
  }

  async function print() {
    const l = list();
    setPrinting(true);
    try {
      const r = await api.invoke('report.print', { title: l.title, ...(l.titleKey ? { titleSentence: { key: l.titleKey } } : {}), subtitle: l.subtitle, columns: l.columns, rows: l.rows });
      say('ok', t('activity.export.sent', { title: l.title, count: r.pages, printer: r.printer }));
    } catch (e) {
      say('error', t('activity.export.failed', { reason: errorWords(e) }));
      playSound('failure');
    } finally {
      setPrinting(false);
    }
  }

  return (
    <span className="list-export">
      <button type="button" disabled={disabled} onClick={saveCsv}>
        {t('activity.export.csv')}
      </button>
      <button type="button" disabled={disabled || printing} onClick={() => void print()}>
        {printing ? t('activity.export.printing') : t('activity.export.pdf')}
      </button>
    </span>
  );
}
