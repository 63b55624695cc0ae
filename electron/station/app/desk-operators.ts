// The desk's operators and who is packing: the desk's own operators file, or in warehouse mode
// the warehouse's list with the file as this desk's copy (operators/shared-operators.ts); the
// signed-in operator (operators/desk-sign-in.ts), kept across a restart in the settings.
import type { WarehousePool } from '../warehouse/warehouse-pool.js';
import type { Clock } from '../packing/ist-dates.js';
import { DeskSignIn } from '../operators/desk-sign-in.js';
import { OperatorFile } from '../operators/operator-directory.js';
import { SharedOperators } from '../operators/shared-operators.js';
import { signInSettings } from '../operators/sign-in-settings.js';
import type { SettingsStore } from '../settings/settings-store.js';

export interface DeskOperatorsDeps {
  settings: SettingsStore;
  clock: Clock;
  log: (line: string) => void;
  /** The desk's operators file (its list, or its copy of the warehouse's). */
  operatorsFile: string;
  /** The warehouse database of this desk (undefined: the desk works alone), as last seen. */
  warehouse: () => { pool: WarehousePool; online: boolean } | undefined;
  /** The list or the signed-in operator changed: the screens are told. */
  changed: (view: ReturnType<DeskSignIn['view']>) => void;
}

export function deskOperators(deps: DeskOperatorsDeps): { operators: SharedOperators; deskSignIn: DeskSignIn; who: () => { operator: string; desk: string } } {
  const { settings, clock, log } = deps;
  const operators = new SharedOperators({
    cache: new OperatorFile(deps.operatorsFile, () => clock.now(), log),
    warehouse: deps.warehouse,
    desk: () => settings.get().desk.name,
    now: () => clock.now(),
    log,
    onChange: () => deps.changed(deskSignIn.view()),
  });
  const deskSignIn: DeskSignIn = new DeskSignIn(operators, () => deps.changed(deskSignIn.view()), signInSettings(settings), () => clock.now());
  // The one place that names who is packing: the signed-in operator; with nobody signed in (or
  // no operators at all) the desk's operator setting, else the desk's name.
  const who = () => {
    const s = settings.get();
    return { operator: deskSignIn.current()?.name || s.desk.operator || s.desk.name, desk: s.desk.name };
  };
  return { operators, deskSignIn, who };
}
