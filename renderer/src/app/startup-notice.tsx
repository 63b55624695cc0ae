// What the station's start-up check found: work an interrupted run left undone (with what to do)
// and damage the journal was found with and repaired (electron/station/journal/journal-repair.ts).
// Said where the audit trail is read, so neither is ever silent.
import { useAppStore } from '../stores/app-store.js';

export function StartupNotice() {
  const info = useAppStore((s) => s.info);
  const undone = info?.leftUndone ?? [];
  const damage = info?.journalDamage ?? [];
  return (
    <>
      {undone.length > 0 ? (
        <section aria-label="Left undone" className="startup-notice">
          <h2>Left undone when the station stopped</h2>
          <ul>
            {undone.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {damage.length > 0 ? (
        <section aria-label="Journal damage" className="startup-notice">
          <h2>The journal was found damaged and repaired</h2>
          <ul>
            {damage.map((d) => (
              <li key={`${d.foundAt}-${d.text}`}>{d.text}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
