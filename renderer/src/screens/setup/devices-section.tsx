// Devices of the desk: status and live reading of each, a Test button, and add / change / remove
// of their profiles. Readings arrive as events, so a scale's weight moves on screen as it settles.
import { useEffect, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import { readingWords, useDevicesStore } from '../../stores/settings-devices-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { DeviceForm, draftOfProfile, EMPTY_PROFILE, type ProfileDraft } from './device-form.js';
import { errorWords } from '../../app/errors.js';
import { ResultLine } from './form-field.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { sentenceWords } from '../../i18n/said-words.js';

const STATUS_WORDS: Record<string, string> = {
  connecting: msgKey('devices.status.connecting'),
  connected: msgKey('devices.status.connected'),
  disconnected: msgKey('devices.status.disconnected'),
  error: msgKey('devices.status.error'),
  stopped: msgKey('devices.status.stopped'),
};
const ROLE_WORDS: Record<string, string> = { scanner: msgKey('device.scanner'), scale: msgKey('device.scale'), dimensioner: msgKey('device.dimensioner') };

export function DevicesSection() {
  const { t } = useT();
  const api = useStation();
  const { devices, readings, setDevices, watch } = useDevicesStore();
  const { settings, load } = useSettingsStore();
  const [editing, setEditing] = useState<ProfileDraft>();
  const [results, setResults] = useState<Record<string, { ok: boolean; text: string }>>({});
  const [note, setNote] = useState<{ ok: boolean; text: string }>();

  useEffect(() => {
    const off = watch(api);
    api.invoke('devices.list', {}).then(setDevices, (e) => setNote({ ok: false, text: errorWords(e) }));
    return off;
  }, [api, watch, setDevices]);

  async function test(id: string) {
    setResults((r) => ({ ...r, [id]: { ok: true, text: t('devices.testing') } }));
    try {
      const tested = await api.invoke('devices.test', { id });
      setResults((r) => ({ ...r, [id]: { ok: true, text: tested.sentence ? sentenceWords(tested.sentence, tested.text) : tested.text } }));
    } catch (e) {
      setResults((r) => ({ ...r, [id]: { ok: false, text: errorWords(e) } }));
    }
  }

  async function remove(id: string, name: string) {
    if (!window.confirm(t('devices.confirmRemove', { name }))) return;
    try {
      setDevices(await api.invoke('devices.remove', { id }));
      await load(api);
      setNote({ ok: true, text: t('devices.removed', { name }) });
    } catch (e) {
      setNote({ ok: false, text: errorWords(e) });
    }
  }

  async function saved(text: string) {
    setEditing(undefined);
    setNote({ ok: true, text });
    setDevices(await api.invoke('devices.list', {}));
    await load(api);
  }

  const profileOf = (id: string) => settings?.deviceProfiles.find((p) => p.id === id);
  return (
    <section aria-labelledby="devices-title" className="panel">
      <h2 id="devices-title">{t('devices.title')}</h2>
      {devices.length === 0 ? <p>{t('devices.none')}</p> : null}
      <ul className="device-list">
        {devices.map((d) => (
          <li key={d.id} aria-label={d.name}>
            <strong>{d.name}</strong> — {ROLE_WORDS[d.role] ? t(ROLE_WORDS[d.role]) : d.role}: {STATUS_WORDS[d.status] ? t(STATUS_WORDS[d.status]) : d.status}
            {d.message && !d.routine ? `. ${d.sentence ? sentenceWords(d.sentence, d.message) : d.message}` : '.'}
            <span aria-live="polite" className="reading">
              {readings[d.id] ? t('devices.lastReading', { reading: readingWords(readings[d.id]!) }) : ''}
            </span>
            <div className="actions">
              <button type="button" onClick={() => void test(d.id)}>
                {t('devices.test', { name: d.name })}
              </button>
              <button type="button" disabled={!profileOf(d.id)} onClick={() => setEditing(draftOfProfile(profileOf(d.id) ?? {}))}>
                {t('devices.change', { name: d.name })}
              </button>
              <button type="button" onClick={() => void remove(d.id, d.name)}>
                {t('devices.remove', { name: d.name })}
              </button>
            </div>
            {results[d.id] ? <ResultLine {...results[d.id]} /> : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <DeviceForm key={editing.id || 'new'} initial={editing} onSaved={(t) => void saved(t)} onCancel={() => setEditing(undefined)} />
      ) : (
        <button type="button" onClick={() => setEditing({ ...EMPTY_PROFILE })}>
          {t('devices.add')}
        </button>
      )}
      {note ? <ResultLine {...note} /> : null}
    </section>
  );
}
