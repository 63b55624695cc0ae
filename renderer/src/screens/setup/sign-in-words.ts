// The sign-in status in the desk's language. A signed-in view carries its mode, address and
// expiry times, so the sentence (and its dates, in IST) is made here from the catalogue; the
// station's English sentence stays for the states it explains only in words (not yet signed
// in, lapsed, a connection it cannot build).
import type { SignInView } from '../../../../shared/contract/setup.js';
import { currentFormatter, tr } from '../../i18n/i18n.js';

export function signInWords(view: SignInView): string {
  if (!view.signedIn || !view.accessExpiresAt) return view.text;
  let where: string;
  try {
    where = view.mode === 'sandbox' ? tr('signin.status.sandbox') : new URL(view.baseUrl ?? '').host;
  } catch {
    return view.text;
  }
  const fmt = currentFormatter();
  const access = fmt.dateTime(view.accessExpiresAt);
  // A partner application renews its access with the refresh token (spec § Authentication).
  if (view.mode === 'thirdParty' && view.refreshExpiresAt) return tr('signin.status.renewing', { where, until: fmt.dateTime(view.refreshExpiresAt), access });
  return tr('signin.status.until', { where, until: access });
}
