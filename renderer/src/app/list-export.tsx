// Two buttons under a list: save it as a CSV file a spreadsheet opens, or print it on the
// document printer as A4 pages, exactly as the screen shows it (its filters say what it holds).
import { useState } from 'react';
import { writeCsv } from '../../../shared/listing-csv.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from '../stores/app-store.js';
import { errorWords } from './errors.js';
import { saveTextFile } from './save-file.js';
import { useStation } from './station-context.js';

export interface ListForExport {
  title: string;
  /** What the list shows: its filters, in words. */
  subtitle: string;
  /** The CSV file's name, without .csv. */
  fileName: string;
  columns: string[];
  rows: string[][];
}

export function ListExport({ list, disabled }: { list: () => ListForExport; disabled?: boolean }) {
  const api = useStation();
  const [printing, setPrinting] = useState(false);

  function saveCsv() {
    const l = list();
    saveTextFile(`${l.fileName}.csv`, writeCsv([l.columns, ...l.rows]), 'text/csv');
    say('ok', `${l.fileName}.csv saved with ${l.rows.length} ${l.rows.length === 1 ? 'row' : 'rows'}.`);
  }

  async function print() {
    const l = list();
    setPrinting(true);
    try {
      const r = await api.invoke('report.print', { title: l.title, subtitle: l.subtitle, columns: l.columns, rows: l.rows });
      say('ok', `${l.title}: ${r.pages} ${r.pages === 1 ? 'page' : 'pages'} sent to ${r.printer}. The Print screen (Alt+3) shows when it is printed.`);
    } catch (e) {
      say('error', `The list could not be printed: ${errorWords(e)}`);
      playSound('failure');
    } finally {
      setPrinting(false);
    }
  }

  return (
    <span className="list-export">
      <button type="button" disabled={disabled} onClick={saveCsv}>
        Export to CSV
      </button>
      <button type="button" disabled={disabled || printing} onClick={() => void print()}>
        {printing ? 'Printing…' : 'Print to PDF'}
      </button>
    </span>
  );
}
