// The screens, in the order of the navigation and of their shortcuts (Alt+1 … Alt+9); the
// Warehouse board is there only in warehouse mode.
import type { ComponentType } from 'react';
import ActivityScreen from '../screens/activity/index.js';
import DispatchScreen from '../screens/dispatch/index.js';
import ListingsScreen from '../screens/listings/index.js';
import PackScreen from '../screens/pack/index.js';
import PrintScreen from '../screens/print/index.js';
import QueueScreen from '../screens/queue/index.js';
import ReturnsScreen from '../screens/returns/index.js';
import SetupScreen from '../screens/setup/index.js';
import WarehouseScreen from '../screens/warehouse/index.js';
import type { ScreenId } from '../stores/app-store.js';
import { msgKey } from '../i18n/i18n.js';

export interface ScreenEntry {
  id: ScreenId;
  /** The catalogue key of its name. */
  label: string;
  /** The digit of its Alt+digit shortcut. */
  digit: number;
  Component: ComponentType;
  /** Shown only when the desk is in warehouse mode. */
  warehouseOnly?: boolean;
}

export const SCREENS: readonly ScreenEntry[] = [
  { id: 'pack', label: msgKey('screen.pack'), digit: 1, Component: PackScreen },
  { id: 'queue', label: msgKey('screen.queue'), digit: 2, Component: QueueScreen },
  { id: 'print', label: msgKey('screen.print'), digit: 3, Component: PrintScreen },
  { id: 'dispatch', label: msgKey('screen.dispatch'), digit: 4, Component: DispatchScreen },
  { id: 'returns', label: msgKey('screen.returns'), digit: 5, Component: ReturnsScreen },
  { id: 'listings', label: msgKey('screen.listings'), digit: 6, Component: ListingsScreen },
  { id: 'activity', label: msgKey('screen.activity'), digit: 7, Component: ActivityScreen },
  { id: 'setup', label: msgKey('screen.setup'), digit: 8, Component: SetupScreen },
  { id: 'warehouse', label: msgKey('screen.warehouse'), digit: 9, Component: WarehouseScreen, warehouseOnly: true },
];

export const shortcutLabel = (digit: number) => `Alt+${digit}`;

/** The screen of an Alt+digit key press, if it is one. */
export function screenForKey(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>): ScreenEntry | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  return m ? SCREENS.find((s) => s.digit === Number(m[1])) : undefined;
}
