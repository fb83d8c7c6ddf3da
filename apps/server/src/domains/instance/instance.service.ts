import { AppError } from '@kite/shared/errors';
import type { Config } from '../../config.ts';
import type { Executor } from '../../platform/db/database.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import {
  findInstance,
  type InstanceRow,
  insertInstance,
  listConfigurationRows,
  liveWorkspaceCount,
  updateInstanceRow,
  upsertConfiguration,
} from './instance.repo.ts';
import {
  CONFIGURATION_KEYS,
  type ConfigurationKey,
  type EffectiveSettings,
  isConfigurationKey,
  storedValue,
} from './instance-settings.ts';

export type InstanceService = ReturnType<typeof createInstanceService>;

const SECRET_MASK = '********';

export function createInstanceService(db: Executor, config: Config) {
  async function stored(): Promise<Map<string, string | null>> {
    const rows = await listConfigurationRows(db);
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  function flag(values: Map<string, string | null>, key: ConfigurationKey, fallback: boolean): boolean {
    const value = values.get(key);
    return value === undefined || value === null ? fallback : value === '1';
  }

  async function settings(): Promise<EffectiveSettings> {
    const values = await stored();
    const host = values.get('EMAIL_HOST');
    return {
      enableSignup: flag(values, 'ENABLE_SIGNUP', config.defaults.enableSignup),
      enableMagicLinkLogin: flag(values, 'ENABLE_MAGIC_LINK_LOGIN', config.defaults.enableMagicLinkLogin),
      enableEmailPassword: flag(values, 'ENABLE_EMAIL_PASSWORD', config.defaults.enableEmailPassword),
      disableWorkspaceCreation: flag(
        values,
        'DISABLE_WORKSPACE_CREATION',
        config.defaults.disableWorkspaceCreation,
      ),
      smtp: host
        ? {
            host,
            port: Number(values.get('EMAIL_PORT') || 587),
            user: values.get('EMAIL_HOST_USER') || undefined,
            password: values.get('EMAIL_HOST_PASSWORD') || undefined,
            secure: values.get('EMAIL_USE_SSL') === '1',
            from: values.get('EMAIL_FROM') || config.smtpFrom,
          }
        : config.smtp,
    };
  }

  return {
    settings,

    /** Creates the singleton instance row on first start. */
    async ensureInstance(): Promise<InstanceRow> {
      return (
        (await findInstance(db)) ??
        insertInstance(db, { instance_name: 'Kite', instance_id: randomToken(12) })
      );
    },

    async get(): Promise<{ row: InstanceRow; settings: EffectiveSettings; workspacesExist: boolean }> {
      const [row, effective, workspaces] = await Promise.all([
        this.ensureInstance(),
        settings(),
        liveWorkspaceCount(db),
      ]);
      return { row, settings: effective, workspacesExist: workspaces > 0 };
    },

    async markSetupDone(tx: Executor): Promise<void> {
      await updateInstanceRow(tx, { is_setup_done: true });
    },

    async update(values: { instance_name?: string; is_telemetry_enabled?: boolean }): Promise<void> {
      await this.ensureInstance();
      await updateInstanceRow(db, values);
    },

    async listConfigurations() {
      const values = await stored();
      return Object.entries(CONFIGURATION_KEYS).map(([key, meta]) => {
        const value = values.get(key) ?? null;
        return {
          key,
          value: meta.secret && value ? SECRET_MASK : value,
          category: meta.category,
          is_encrypted: meta.secret,
        };
      });
    },

    async updateConfigurations(body: Record<string, string | number | boolean | null>): Promise<void> {
      const unknown = Object.keys(body).filter((k) => !isConfigurationKey(k));
      if (unknown.length > 0) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: Object.fromEntries(unknown.map((k) => [k, 'Unknown configuration key'])),
        });
      }
      for (const [key, value] of Object.entries(body)) {
        const k = key as ConfigurationKey;
        const meta = CONFIGURATION_KEYS[k];
        // A form that sends the masked secret back unchanged must not overwrite the stored one.
        if (meta.secret && value === SECRET_MASK) continue;
        await upsertConfiguration(db, {
          key: k,
          value: storedValue(k, value),
          category: meta.category,
          is_encrypted: meta.secret,
        });
      }
    },
  };
}
