// Components' access to the catalogues: t() and the formatter of the current language; a change
// of language re-renders every component that uses it.
import { useTranslation } from 'react-i18next';
import { currentFormatter, i18n } from './i18n.js';

export function useT() {
  // The instance given directly: a screen rendered on its own (tests, a second window) needs no provider.
  const { t } = useTranslation(undefined, { i18n });
  return { t, fmt: currentFormatter() };
}
