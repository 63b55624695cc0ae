// Tab and Shift+Tab stay inside an open dialog, so a keyboard-only user cannot wander behind it
// into the screen it covers, and Esc closes it (WAI-ARIA Authoring Practices, modal dialog
// pattern): the one key handling every dialog of the desk shares.
import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Wraps Tab from the dialog's last control to its first and Shift+Tab from the first (or the
 * dialog itself) to the last. With `onClose`, Esc closes the dialog, and goes no further: the
 * screen behind (the Pack screen's Esc puts a shipment aside) never sees it.
 */
export function trapTab(e: KeyboardEvent<HTMLElement>, box: HTMLElement | null, onClose?: () => void): void {
  if (e.key === 'Escape' && onClose) {
    e.preventDefault();
    e.stopPropagation();
    onClose();
    return;
  }
  if (e.key !== 'Tab' || !box) return;
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && (document.activeElement === first || document.activeElement === box)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
