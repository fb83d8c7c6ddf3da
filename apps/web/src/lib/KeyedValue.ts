import { makeObservable, observable } from 'mobx';

/**
 * A value that at most one key holds at a time (the focused row, the row whose menu is open),
 * observed per key: `of(key)` re-runs its reader only when that key gains or loses the value.
 * Moving the value from one row to another then re-renders those two rows, not every row that
 * asks "is it me?".
 */
export class KeyedValue<V> {
  /** One entry at most; a MobX map tracks each key on its own. */
  private readonly byKey = observable.map<string, V>(undefined, { deep: false });
  /** The key holding the value (observed as a whole by whoever reads it). */
  key: string | null = null;

  constructor() {
    makeObservable<KeyedValue<V>, 'byKey'>(this, { key: observable, byKey: false });
  }

  of(key: string): V | undefined {
    return this.byKey.get(key);
  }

  get value(): V | undefined {
    return this.key === null ? undefined : this.byKey.get(this.key);
  }

  /** Gives the value to `key` (none when null), taking it from the previous holder. Call inside an action. */
  set(key: string | null, value?: V): void {
    if (this.key !== null && this.key !== key) this.byKey.delete(this.key);
    this.key = key;
    if (key !== null) this.byKey.set(key, value as V);
  }
}
