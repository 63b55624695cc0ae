// Station settings behind an interface: a JSON file here (Node, CLI, tests), electron-store in
// production. Every update is validated as a whole before it is kept, so an invalid value (an
// http: marketplace address, say) is refused with sentences and the previous settings stay.
import { existsSync, readFileSync } from 'node:fs';
import {
  defaultSettings,
  describeSettingsProblems,
  StationSettings,
  type SettingsPatch,
} from '../../../shared/settings.js';
import { StationError, type KeyedSentence } from '../../../shared/contract/define.js';
import { problemSentences } from '../../../shared/settings-messages.js';
import { writeFileDurably } from '../journal/durable-file.js';

export type SettingsListener = (next: StationSettings, previous: StationSettings) => void;

export interface SettingsStore {
  get(): StationSettings;
  /** Merges the patch, validates the result and keeps it; throws SettingsError when refused. */
  update(patch: SettingsPatch): StationSettings;
  /** Called after every accepted change; returns the function that unsubscribes. */
  onChange(listener: SettingsListener): () => void;
}

export class SettingsError extends Error {
  constructor(
    readonly problems: string[],
    context = 'The settings were not saved',
    /** The same problems as keyed sentences, one each, for the desk's language. */
    readonly sentences?: KeyedSentence[],
  ) {
    super(`${context}: ${problems.join(' ')}`);
    this.name = 'SettingsError';
  }

  /** The refusal the desk is sent: English for logs and the command line, the keys for Setup. */
  toStationError(): StationError {
    return new StationError('INVALID_SETTINGS', this.problems.join(' '), undefined, this.sentences);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects merge key by key; arrays and scalars are replaced; undefined removes a key. */
export function mergeSettings(current: StationSettings, patch: SettingsPatch): unknown {
  const merge = (base: unknown, change: unknown): unknown => {
    if (!isPlainObject(base) || !isPlainObject(change)) return change;
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete out[key];
      else out[key] = merge(base[key], value);
    }
    return out;
  };
  return merge(current, patch);
}

/** Validates a whole settings value; throws SettingsError with sentences. */
export function validateSettings(value: unknown, context?: string): StationSettings {
  const parsed = StationSettings.safeParse(value);
  if (!parsed.success) throw new SettingsError(describeSettingsProblems(parsed.error), context, problemSentences(parsed.error.issues));
  return parsed.data;
}

/** Keeps the listeners and the current value; subclasses decide where it is persisted. */
export abstract class BaseSettingsStore implements SettingsStore {
  private readonly listeners = new Set<SettingsListener>();

  protected constructor(protected current: StationSettings) {}

  get(): StationSettings {
    return structuredClone(this.current);
  }

  update(patch: SettingsPatch): StationSettings {
    const next = validateSettings(mergeSettings(this.current, patch));
    const previous = this.current;
    this.persist(next);
    this.current = next;
    for (const listener of this.listeners) {
      // A faulty listener must not undo a saved change nor starve the others.
      try {
        listener(structuredClone(next), structuredClone(previous));
      } catch {
        /* listeners report their own failures */
      }
    }
    return structuredClone(next);
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected abstract persist(settings: StationSettings): void;
}

/** Settings in memory only (tests, the browser-mode demo). */
export class MemorySettingsStore extends BaseSettingsStore {
  constructor(initial: unknown = {}) {
    super(validateSettings(initial));
  }

  protected persist(): void {}
}

/** Settings in one JSON file, replaced atomically on every change. */
export class JsonFileSettingsStore extends BaseSettingsStore {
  private constructor(
    private readonly path: string,
    initial: StationSettings,
  ) {
    super(initial);
  }

  /** Opens the file, or starts from the defaults when there is none yet. */
  static open(path: string): JsonFileSettingsStore {
    if (!existsSync(path)) return new JsonFileSettingsStore(path, defaultSettings());
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      throw new SettingsError([`The file is not valid JSON; fix it or remove it to start from the defaults.`], `The settings file ${path} cannot be read`);
    }
    return new JsonFileSettingsStore(path, validateSettings(raw, `The settings file ${path} has invalid values`));
  }

  protected persist(settings: StationSettings): void {
    writeFileDurably(this.path, `${JSON.stringify(settings, null, 2)}\n`);
  }
}
