// The Print screen (issue "packing desk app", screen 4): every label, invoice and manifest job
// with its status in words, reprint of any job, reprint of a label by shipment id, and the
// printers with what is wrong with them (offline, stopped, missing).
import { useEffect, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { useAppStore } from '../../stores/app-store.js';
import { followPrint, loadPrint, reprint, reprintInvoice, reprintLabel, usePrintStore, type PrintJob, type Printer } from '../../stores/print-store.js';

const JOB_WORDS: Record<PrintJob['status'], string> = {
  queued: 'Waiting to print',
  printing: 'Printing',
  done: 'Printed',
  failed: 'Failed',
  waiting: 'Waiting for the printer',
};

const PRINTER_WORDS: Record<Printer['state'], string> = {
  idle: 'Ready',
  printing: 'Printing',
  stopped: 'Stopped — check paper, cover and power',
  missing: 'Not found on this computer — check the cable and that it is switched on',
};

const ROLE_WORDS: Record<string, string> = { label: 'labels', invoice: 'invoices', packingSlip: 'packing slips', manifest: 'manifests', report: 'reports', document: 'documents' };

function Printers() {
  const printers = usePrintStore((s) => s.printers);
  const problem = usePrintStore((s) => s.printersError);
  return (
    <section aria-labelledby="printers-heading" className="printers">
      <h2 id="printers-heading">Printers</h2>
      {problem ? <p className="field-problem">{problem}</p> : null}
      {printers.length === 0 && !problem ? <p>No printers found. Add one in Setup (Alt+8).</p> : null}
      <ul aria-label="Printers">
        {printers.map((p) => (
          <li key={p.name} className={`printer printer-${p.state}`}>
            <strong>{p.name}</strong>
            {p.roles.length > 0 ? ` (for ${p.roles.map((r) => ROLE_WORDS[r] ?? r).join(', ')})` : ''}: {PRINTER_WORDS[p.state]}
            {p.message && p.message.toLowerCase() !== PRINTER_WORDS[p.state].toLowerCase() ? <span className="printer-message"> — {p.message}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function PrintScreen() {
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const jobs = usePrintStore((s) => s.jobs);
  const [shipmentId, setShipmentId] = useState('');
  useEffect(() => followPrint(api), [api, epoch]);
  useEffect(() => {
    // Printers come and go (cables, paper): look again every ten seconds while this screen shows.
    const t = setInterval(() => void loadPrint(api), 10_000);
    return () => clearInterval(t);
  }, [api]);

  return (
    <section aria-label="Print" className="print-screen">
      <h1>Print</h1>
      <form
        className="reprint-label"
        onSubmit={(e) => {
          e.preventDefault();
          const id = shipmentId.trim().toUpperCase();
          if (!id) return;
          // Enter (or the first button) reprints the label; the second button the invoice.
          const which = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
          void (which === 'invoice' ? reprintInvoice : reprintLabel)(api, id).then((ok) => ok && setShipmentId(''));
        }}
      >
        <label>
          Shipment id
          <input type="text" value={shipmentId} onChange={(e) => setShipmentId(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" value="label">
          Reprint label
        </button>
        <button type="submit" value="invoice">
          Reprint invoice
        </button>
      </form>
      <Printers />
      <section aria-labelledby="jobs-heading" className="print-jobs">
        <h2 id="jobs-heading">Print jobs</h2>
        {jobs.length === 0 ? <p>Nothing has been printed yet.</p> : null}
        <table className="jobs">
          <caption className="visually-hidden">Print jobs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Printer</th>
              <th scope="col">Status</th>
              <th scope="col">When</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} className={`job job-${job.status}`}>
                <td>
                  {job.title}
                  {job.pages ? ` (${job.pages} page${job.pages === 1 ? '' : 's'})` : ''}
                </td>
                <td>{job.printer}</td>
                <td>
                  {JOB_WORDS[job.status]}
                  {job.message ? <span className="job-message"> — {job.message}</span> : null}
                </td>
                <td>{new Date(job.createdAt).toLocaleTimeString('en-IN', { hour12: false, timeZone: 'Asia/Kolkata' })}</td>
                <td>
                  <button type="button" aria-label={`Reprint ${job.title}`} onClick={() => void reprint(api, job)}>
                    Reprint
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
