// A print job's title in the desk's language. The station names a job in English because CUPS
// keeps that name in its queue (lpstat, the spool) for whoever reads it there; the Print screen
// says it in the desk's words. A title this page does not know stays as the station wrote it.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { msgKey, tr } from '../i18n/i18n.js';
import { sentenceWords } from '../i18n/said-words.js';

/** The station's test-print title: "Test print (<media label>)" (electron/station/app/handlers/print-handlers.ts). */
const TEST_PRINT = /^Test print \((.+)\)$/;
/** The media sizes' words; their English is the station's media label (electron/station/printing/media.ts). */
const SIZES = [
  msgKey('print.testPage.size.label4x6in'),
  msgKey('print.testPage.size.label100x150mm'),
  msgKey('print.testPage.size.label4x4in'),
  msgKey('print.testPage.size.labelA6'),
  msgKey('print.testPage.size.a4LabelRegion'),
  msgKey('print.testPage.size.a4'),
];

export function jobTitleWords(title: string, said?: KeyedSentence): string {
  // A reprint or a manifest names its job by a catalogue key: said from it, its English as the fallback.
  if (said) return sentenceWords(said, title);
  const test = TEST_PRINT.exec(title);
  if (!test) return title;
  const size = SIZES.find((key) => tr(key, { lng: 'en' }) === test[1]);
  return tr('setup.testPrintJob', { media: size ? tr(size) : test[1] });
}
