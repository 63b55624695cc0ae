// The status line: one live region that always holds the latest outcome in words, so a packer
// (and a screen reader) hears what the last scan, print or dispatch did.
import { useAppStore } from '../stores/app-store.js';

const PREFIX = { ok: 'Done', error: 'Problem', info: 'Note' } as const;

export function StatusLine() {
  const status = useAppStore((s) => s.status);
  return (
    <div className={`status-line tone-${status.tone}`}>
      <span className="status-kind" aria-hidden="true">
        {PREFIX[status.tone]}
      </span>
      <p role="status" aria-label="Status line" aria-live="polite" aria-atomic="true">
        {status.text}
      </p>
    </div>
  );
}
