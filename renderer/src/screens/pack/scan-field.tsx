// The scan field: labelled "Scan", and on the Pack screen it always has the focus, so a scanner
// or a typed code lands here whatever was clicked last. Enter with a code scans it; Enter on an
// empty field packs; Esc puts the shipment aside.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/use-t.js';

export interface ScanFieldProps {
  prompt: string;
  onScan(raw: string): void;
  onEnterEmpty(): void;
  onEscape(): void;
}

let focusScanField: () => void = () => undefined;

/** Gives the focus back to the scan field (after a button, a dialog or a measurement). */
export function refocusScan(): void {
  focusScanField();
}

/**
 * For a command whose answer comes later: call it when the command starts, and call what it
 * returns when the answer is in. The focus goes back to the scan field only if it is still where
 * it was (or fell to nothing): a packer who meanwhile went on to the weight field (Alt+M) keeps
 * typing there instead of having the next keys land in the scan field.
 */
export function refocusScanAfter(): () => void {
  const at = typeof document === 'undefined' ? null : document.activeElement;
  return () => {
    const now = document.activeElement;
    if (!now || now === document.body || now === at) focusScanField();
  };
}

export function ScanField({ prompt, onScan, onEnterEmpty, onEscape }: ScanFieldProps) {
  const { t } = useT();
  const [value, setValue] = useState('');
  const ref = useRef<HTMLInputElement>(null);

  useEffect(() => {
    focusScanField = () => ref.current?.focus();
    ref.current?.focus();
    // Focus that falls to nothing (a click on empty space, a removed button) comes back here;
    // focus moved on purpose to another field or button stays where the packer put it.
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget) return;
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) ref.current?.focus();
      }, 0);
    };
    const onDocFocusOut = (e: FocusEvent) => onFocusOut(e);
    document.addEventListener('focusout', onDocFocusOut);
    return () => {
      focusScanField = () => undefined;
      document.removeEventListener('focusout', onDocFocusOut);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const raw = value.trim();
      setValue('');
      if (raw) onScan(raw);
      else onEnterEmpty();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setValue('');
      onEscape();
    }
  };

  return (
    <div className="scan-field">
      <label htmlFor="pack-scan">{t('pack.scan')}</label>
      <input
        id="pack-scan"
        ref={ref}
        type="text"
        autoComplete="off"
        spellCheck={false}
        data-scan-field=""
        value={value}
        placeholder={prompt}
        aria-describedby="pack-scan-prompt"
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id="pack-scan-prompt" className="scan-prompt">
        {prompt}
      </p>
    </div>
  );
}
