// The header: app name, the Sandbox badge (nobody should think test orders are real), the
// sign-in status, one chip per device, and the navigation with its shortcuts.
import type { SignInView } from '../../../shared/contract/setup.js';
import { useAppStore } from '../stores/app-store.js';
import { useDevicesStore, type DeviceStatus } from '../stores/devices-store.js';
import { SCREENS, shortcutLabel } from './screens.js';
import { CameraChip } from '../video/camera-chip.js';
import { useWarehouseMode } from '../screens/warehouse/warehouse-mode.js';
import { msgKey, tr } from '../i18n/i18n.js';
import { useT } from '../i18n/use-t.js';
import { OperatorChip } from './operator-chip.js';
import { signInWords } from '../screens/setup/sign-in-words.js';
import { sentenceWords } from '../i18n/said-words.js';

const DEVICE_WORDS: Record<DeviceStatus['status'], string> = {
  connecting: msgKey('device.connecting'),
  connected: msgKey('device.connected'),
  disconnected: msgKey('device.disconnected'),
  error: msgKey('device.error'),
  stopped: msgKey('device.stopped'),
};

const ROLE_WORDS: Record<DeviceStatus['role'], string> = { scanner: msgKey('device.scanner'), scale: msgKey('device.scale'), dimensioner: msgKey('device.dimensioner') };

function DeviceChips() {
  const { t } = useT();
  const devices = useDevicesStore((s) => s.devices);
  if (devices.length === 0) return null;
  return (
    <ul className="device-chips" aria-label={t('app.devices')}>
      {devices.map((d) => {
        // A fault or an unplugged cable in the desk's language (its key); the station's English for a key this page lacks.
        const words = d.sentence ? sentenceWords(d.sentence, d.message) : d.message;
        return (
          <li key={d.id} className={`chip device-${d.status}`} title={words}>
            {t(ROLE_WORDS[d.role])} {d.name}: {t(DEVICE_WORDS[d.status])}
            {d.status !== 'connected' && words ? <span className="chip-detail"> — {words}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's few words on sign-in: where, not until when (a desk monitor has no room for the
 * whole sentence, which stays in the tooltip and on Setup).
 */
export function shortSignIn(signIn: SignInView): string {
  if (!signIn.signedIn) return signInWords(signIn);
  if (signIn.mode === 'sandbox') return tr('app.signedInSandbox');
  try {
    return tr('app.signedInHost', { host: new URL(signIn.baseUrl ?? '').host });
  } catch {
    return tr('app.signedIn');
  }
}

export function AppHeader() {
  const { t } = useT();
  const info = useAppStore((s) => s.info);
  const signIn = useAppStore((s) => s.signIn);
  const screen = useAppStore((s) => s.screen);
  const connection = useAppStore((s) => s.connection);
  const go = useAppStore((s) => s.go);
  const scansWaiting = useAppStore((s) => s.scansWaiting);
  const pageDenied = useAppStore((s) => s.pageDenied);
  const warehouse = useWarehouseMode();
  // While the station does not answer, nothing it said before (signed in, scale ready) is known to
  // be true any more: the header says the desk is offline instead, and what happens to scans.
  const offline = connection === 'lost';
  const signInText = offline
    ? pageDenied
      ? t('app.pageDenied')
      : t('app.offline')
    : signIn
      ? signInWords(signIn)
      : t('app.checkingSignIn');
  const signInClass = offline ? 'offline' : signIn?.signedIn ? 'signed-in' : 'signed-out';
  // Online, the header has room for where the desk is signed in, not the whole sentence (the tooltip).
  const signInShort = !offline && signIn ? shortSignIn(signIn) : signInText;
  return (
    <header className="app-header">
      <div className="header-top">
        <span className="app-name">{t('app.name')}</span>
        {info?.sandbox ? (
          <span className="sandbox-badge" title={t('app.sandboxTitle')}>
            <strong>{t('app.sandbox')}</strong>
            <span className="sandbox-note"> {t('app.sandboxNote')}</span>
            <button type="button" onClick={() => go('setup')}>
              {t('app.connectReal')}
            </button>
          </span>
        ) : null}
        {/* The row is narrow on a desk monitor and the words may be cut short: the whole sentence is the tooltip. */}
        <span
          className={`sign-in ${signInClass}`}
          title={offline && !pageDenied ? t('app.offlineTitle', { text: signInText }) : signInText}
          role={offline ? 'alert' : undefined}
        >
          {signInShort}
        </span>
        {offline ? (
          scansWaiting > 0 ? (
            <span className="chip scans-waiting">
              {t('app.scansWaiting', { count: scansWaiting })}
            </span>
          ) : null
        ) : (
          <>
            <OperatorChip />
            <DeviceChips />
            <CameraChip />
          </>
        )}
      </div>
      <nav aria-label={t('app.screens')} className="screen-nav">
        {SCREENS.filter((s) => !s.warehouseOnly || warehouse).map((s) => (
          <button
            key={s.id}
            type="button"
            aria-current={s.id === screen ? 'page' : undefined}
            aria-keyshortcuts={shortcutLabel(s.digit)}
            onClick={() => go(s.id)}
          >
            {t(s.label)} <kbd>{shortcutLabel(s.digit)}</kbd>
          </button>
        ))}
      </nav>
    </header>
  );
}
