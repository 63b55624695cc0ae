// The Setup screen (issue "packing desk app", screen 1): the marketplace connection, the desk's
// settings and printers, and its devices.
import { useEffect, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { ConnectionForm } from './connection-form.js';
import { DevicesSection } from './devices-section.js';
import { errorWords } from '../../app/errors.js';
import { PrintersSection } from './printers-section.js';
import { StationSettingsForm } from './station-settings-form.js';
import { VideoSetup } from '../../video/video-setup.js';
import { WarehouseSetup } from './warehouse-form.js';
import { useT } from '../../i18n/use-t.js';
import { LanguageSection } from './language-section.js';
import { OperatorsSection } from './operators-section.js';
import { ReceiverSection } from './receiver-section.js';

export default function SetupScreen() {
  const api = useStation();
  const { settings, loadError, load, setSignIn } = useSettingsStore();
  const [printers, setPrinters] = useState<ResultOf<'printers.list'>>([]);
  const [printerNote, setPrinterNote] = useState<string>();
  const { t } = useT();

  useEffect(() => {
    void load(api);
    api.invoke('printers.list', {}).then(setPrinters, (e) => setPrinterNote(errorWords(e)));
    return api.subscribe('auth.changed', setSignIn);
  }, [api, load, setSignIn]);

  return (
    <section aria-label={t('setup.title')} className="screen screen-setup">
      <h1>{t('setup.title')}</h1>
      {loadError ? <p role="alert">{loadError}</p> : null}
      {settings ? (
        <>
          <ConnectionForm key={`conn-${settings.marketplace.mode}`} />
          <LanguageSection />
          <OperatorsSection />
          <PrintersSection settings={settings} printers={printers} />
          {printerNote ? <p role="alert">{printerNote}</p> : null}
          <StationSettingsForm settings={settings} />
          <WarehouseSetup key={`wh-${settings.warehouse.url}`} />
          <ReceiverSection />
          <DevicesSection />
          <VideoSetup />
        </>
      ) : loadError ? null : (
        <p role="status">{t('setup.reading')}</p>
      )}
    </section>
  );
}
