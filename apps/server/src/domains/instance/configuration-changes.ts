import { CONFIGURATION_KEYS, type ConfigurationKey } from './instance-settings.ts';

export interface ConfigurationChange {
  key: ConfigurationKey;
  /** `{old, new}` of a plain setting; `{changed: true}` of a secret, whose values never leave the store. */
  details: Record<string, unknown>;
}

/**
 * The keys whose stored value a PATCH actually changes, for the audit. Values are compared in
 * their stored form (strings, booleans as "1"/"0", secrets opened); a key never set counts as null.
 */
export function configurationChanges(
  before: ReadonlyMap<string, string | null>,
  after: ReadonlyArray<{ key: ConfigurationKey; value: string | null }>,
): ConfigurationChange[] {
  const changes: ConfigurationChange[] = [];
  for (const { key, value } of after) {
    const old = before.get(key) ?? null;
    if (old === value) continue;
    changes.push({
      key,
      details: CONFIGURATION_KEYS[key].secret ? { changed: true } : { old, new: value },
    });
  }
  return changes;
}
