// Components' access to the catalogues: t() and the formatter of the current language; a change
// of language re-renders every component that uses it.
import { useTranslation } from 'react-i18next';
import { currentFormatter } from './i18n.js';

export function useT() {
  const { t } = useTranslation();
  return { t, fmt: currentFormatter() };
}
