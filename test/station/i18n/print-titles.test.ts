// Print jobs (a pack's label and invoice, a wave's labels, a badge, a reprint, a manifest) carry
// their title as a catalogue key: the printer gets the English title (CUPS names the job and
// cups-pdf its file after it), the Print screen says it in the desk's language. Over a real HTTPS sandbox and the folder printer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../renderer/src/i18n/i18n.js';
import { jobTitleWords } from '../../../renderer/src/app/job-title.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let app: TestAppStation;
let packed: string;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb });
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 3, locationId: sb.info.locations[0], kind: 'plain' } });
  packed = (r.json.shipmentIds as string[]).find((id) => sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'))!;
  const item = sb.world.shipments.get(packed)!.orderItems[0];
  await app.api.invoke('desk.scan', { raw: packed, source: 'serial' });
  for (let n = 0; n < item.quantity; n++) await app.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
  const view = await app.api.invoke('desk.measure', { dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' });
  expect(view.session?.phase).toBe('ready');
  await app.api.invoke('desk.pack', {});
  await app.context.desk().idle();
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});
afterEach(() => switchLanguage('en'));

describe('print job titles in the desk’s language', () => {
  it('a label reprint: English at the printer, Hindi on the Print screen', async () => {
    const before = new Set(app.printedFiles());
    const { jobId } = await app.api.invoke('print.reprintLabel', { shipmentId: packed });
    const done = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    expect(done.title).toBe(`Label ${packed} (reprint)`);
    expect(done.titleSentence).toEqual({ key: 'print.jobTitle.reprintLabel', params: { id: packed } });
    expect(app.printedFiles().filter((f) => !before.has(f)).some((f) => f.includes(`Label ${packed}`))).toBe(true);
    switchLanguage('hi');
    expect(jobTitleWords(done.title, done.titleSentence)).toBe(`लेबल ${packed} (दोबारा प्रिंट)`);
  });

  it('a manifest: its group and IST time, the month a Hindi word on screen', async () => {
    const [group] = await app.api.invoke('handover.counts', {});
    expect(group).toBeDefined();
    const { jobId } = await app.api.invoke('handover.printManifest', { vendorGroupCode: group!.vendorGroupCode });
    const job = (await app.api.invoke('print.jobs', {})).find((j) => j.id === jobId)!;
    expect(job.title).toMatch(new RegExp(`^Manifest ${group!.vendorGroupCode} \\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}, \\d{2}:\\d{2} IST$`));
    expect(job.titleSentence).toMatchObject({ key: 'print.jobTitle.manifest', params: { group: group!.vendorGroupCode }, parts: { when: { key: 'station.date.when' } } });
    switchLanguage('hi');
    const words = jobTitleWords(job.title, job.titleSentence);
    expect(words).toMatch(new RegExp(`^मैनिफ़ेस्ट ${group!.vendorGroupCode} \\d{1,2} [\\u0900-\\u097F]+ \\d{4}, \\d{2}:\\d{2} IST$`));
    // A reprint of the manifest's job keeps its keyed title.
    const again = await app.api.invoke('print.reprint', { jobId });
    const copy = (await app.api.invoke('print.jobs', {})).find((j) => j.id === again.jobId)!;
    expect(copy.titleSentence).toEqual(job.titleSentence);
  });
});

describe('the jobs a pack, a wave and a badge print', () => {
  const DEVANAGARI = /[\u0900-\u097F]/;
  const jobTitled = async (title: string) => (await app.api.invoke('print.jobs', {})).find((j) => j.title === title);

  it('the pack’s label and invoice: English at the printer, Hindi on the Print screen', async () => {
    const label = (await jobTitled(`label-${packed}`))!;
    expect(label.titleSentence).toEqual({ key: 'print.jobTitle.label', params: { id: packed } });
    const invoice = (await jobTitled(`Invoice ${packed}`))!;
    expect(invoice.titleSentence).toEqual({ key: 'print.jobTitle.invoice', params: { ids: packed } });
    expect(app.printedFiles().some((f) => f.includes(`label-${packed}`))).toBe(true);
    switchLanguage('hi');
    expect(jobTitleWords(label.title, label.titleSentence)).toBe(`लेबल ${packed}`);
    expect(jobTitleWords(invoice.title, invoice.titleSentence)).toBe(`इनवॉइस ${packed}`);
  });

  it('a wave’s labels: its location and IST start, the month in Hindi on screen', async () => {
    const plan = await app.api.invoke('wave.preview', {});
    expect(plan.pack.length).toBeGreaterThan(0);
    const before = new Set(app.printedFiles());
    await app.api.invoke('wave.run', { dispatch: false, shipmentIds: plan.pack.map((p) => p.shipmentId) });
    await app.context.desk().idle();
    const job = (await app.api.invoke('print.jobs', {})).find((j) => j.titleSentence?.key === 'print.jobTitle.wave')!;
    expect(job.title).toMatch(new RegExp(`^Wave labels ${sb.info.locations[0]} \\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}, \\d{2}:\\d{2} IST$`));
    await app.waitForEvent('print.job', (j) => j.id === job.id && j.status === 'done');
    expect(app.printedFiles().filter((f) => !before.has(f)).some((f) => f.includes('Wave labels'))).toBe(true);
    switchLanguage('hi');
    const words = jobTitleWords(job.title, job.titleSentence);
    expect(words).toMatch(new RegExp(`^वेव लेबल ${sb.info.locations[0]} \\d{1,2} [\\u0900-\\u097F]+ \\d{4}, \\d{2}:\\d{2} IST$`));
  });

  it('an operator’s badge', async () => {
    const { operators } = await app.api.invoke('operators.add', { name: 'Asha Rao', pin: '4821' });
    const { jobId } = await app.api.invoke('operators.printBadge', { id: operators.find((o) => o.name === 'Asha Rao')!.id });
    const job = (await app.api.invoke('print.jobs', {})).find((j) => j.id === jobId)!;
    expect(job.title).toBe('Badge Asha Rao');
    expect(job.titleSentence).toEqual({ key: 'print.jobTitle.badge', params: { name: 'Asha Rao' } });
    switchLanguage('hi');
    const words = jobTitleWords(job.title, job.titleSentence);
    expect(words).toBe('बैज Asha Rao');
    expect(words).toMatch(DEVANAGARI);
  });

  it('a list printed from a Hindi desk: its heading in Hindi, the job named in English at the printer', async () => {
    const before = new Set(app.printedFiles());
    const { jobId } = await app.api.invoke('report.print', { title: 'हिसाब', titleSentence: { key: 'activity.title' }, columns: ['समय'], rows: [['10:00']] });
    const done = await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    expect(done.title).toBe('Activity');
    expect(app.printedFiles().filter((f) => !before.has(f)).some((f) => f.includes('Activity'))).toBe(true);
    switchLanguage('hi');
    expect(jobTitleWords(done.title, done.titleSentence)).toBe('हिसाब');
  });
});
