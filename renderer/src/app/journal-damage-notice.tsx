// What the journal was found damaged with and repaired (electron/station/journal/journal-repair.ts):
// said where the audit trail is read, so a gap in it is never a silent one.
import { useAppStore } from '../stores/app-store.js';

export function JournalDamageNotice() {
  const damage = useAppStore((s) => s.info?.journalDamage) ?? [];
  if (damage.length === 0) return null;
  return (
    <section aria-label="Journal damage" className="notice notice-error journal-damage">
      <h2>The journal was found damaged and repaired</h2>
      <ul>
        {damage.map((d) => (
          <li key={`${d.foundAt}-${d.text}`}>{d.text}</li>
        ))}
      </ul>
    </section>
  );
}
