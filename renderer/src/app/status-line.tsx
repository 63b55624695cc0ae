// The status line: one live region that always holds the latest outcome in words, so a packer
// (and a screen reader) hears what the last scan, print or dispatch did.
import { useAppStore } from '../stores/app-store.js';
import { msgKey } from '../i18n/i18n.js';
import { useT } from '../i18n/use-t.js';

const PREFIX = { ok: msgKey('status.ok'), error: msgKey('status.error'), info: msgKey('status.info') } as const;

export function StatusLine() {
  const { t } = useT();
  const status = useAppStore((s) => s.status);
  return (
    <div className={`status-line tone-${status.tone}`}>
      <span className="status-kind" aria-hidden="true">
        {t(PREFIX[status.tone])}
      </span>
      <p role="status" aria-label={t('status.label')} aria-live="polite" aria-atomic="true">
        {/* A screen's hint follows a language switch; any other message stays as it was said. */}
        {status.key ? t(status.key) : status.text}
      </p>
    </div>
  );
}
