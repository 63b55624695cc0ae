// The sign-in status in the desk's language. A signed-in view carries its mode, address and
// expiry times, so the sentence (and its dates, in IST) is made here from the catalogue; a view
// that is not signed in (not yet, lapsed, signed out, no secret) carries its sentence's key.
import type { SignInView } from '../../../../shared/contract/setup.js';
import { currentFormatter, tr } from '../../i18n/i18n.js';
import { sentenceWords } from '../../i18n/said-words.js';

function notSignedInWords(view: SignInView): string {
  if (!view.sentence) return view.text;
  // A lapsed sign-in's date, written in the desk's language's own form (IST).
  const when = view.accessExpiresAt && view.sentence.params?.when !== undefined ? currentFormatter().dateTime(view.accessExpiresAt) : undefined;
  return sentenceWords(when ? { ...view.sentence, params: { ...view.sentence.params, when } } : view.sentence, view.text);
}

export function signInWords(view: SignInView): string {
  if (!view.signedIn) return notSignedInWords(view);
  if (!view.accessExpiresAt) return view.text;
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
