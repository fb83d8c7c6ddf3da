import { AppError } from '@kite/shared/errors';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { SecretBox } from '../../platform/security/secret-box.ts';
import { randomToken } from '../../platform/security/tokens.ts';
import { configurationChanges } from './configuration-changes.ts';
import {
  findInstance,
  type InstanceRow,
  insertInstance,
  listConfigurationRows,
  liveWorkspaceCount,
  updateInstanceRow,
  upsertConfiguration,
} from './instance.repo.ts';
import { type AuditRecord, insertAuditEntries } from './instance-audit.repo.ts';
import {
  CONFIGURATION_KEYS,
  type ConfigurationKey,
  type EffectiveSettings,
  isConfigurationKey,
  type ProviderSettings,
  storedValue,
} from './instance-settings.ts';

export type InstanceService = ReturnType<typeof createInstanceService>;

const SECRET_MASK = '********';

/** A stored secret written before secrets were sealed is read as it is (and sealed on its next change). */
function openSecret(secrets: SecretBox, value: string): string {
  return value.startsWith('v1:') ? secrets.open(value) : value;
}

export function createInstanceService(db: Db, config: Config, deps: { secrets: () => SecretBox }) {
  /** Values as the admin set them (secrets opened); keys never set are absent. */
  async function stored(executor: Executor = db): Promise<Map<string, string | null>> {
    const rows = await listConfigurationRows(executor);
    return new Map(
      rows.map((r) => [
        r.key,
        r.value && isConfigurationKey(r.key) && CONFIGURATION_KEYS[r.key].secret
          ? openSecret(deps.secrets(), r.value)
          : r.value,
      ]),
    );
  }

  /** The admin's value, else the server's environment (provider keys only). */
  function effective(values: Map<string, string | null>, key: ConfigurationKey): string {
    const value = values.has(key) ? values.get(key) : config.instanceEnv[key];
    return value?.trim() ?? '';
  }

  function provider(
    values: Map<string, string | null>,
    name: 'GOOGLE' | 'GITHUB' | 'GITLAB' | 'GITEA' | 'OIDC',
    extra: Omit<ProviderSettings, 'enabled' | 'clientId' | 'clientSecret'> = {},
    needsHost = false,
  ): ProviderSettings {
    const get = (suffix: string) => effective(values, `${name}_${suffix}` as ConfigurationKey);
    const clientId = get('CLIENT_ID');
    const clientSecret = get('CLIENT_SECRET');
    const switchedOn = ['1', 'true'].includes(effective(values, `IS_${name}_ENABLED` as ConfigurationKey));
    const complete = !!clientId && !!clientSecret && (!needsHost || !!extra.host);
    return { enabled: switchedOn && complete, clientId, clientSecret, ...extra };
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
      webhookAllowPrivate: effective(values, 'WEBHOOK_ALLOW_PRIVATE') === '1',
      providers: {
        google: provider(values, 'GOOGLE'),
        github: provider(values, 'GITHUB'),
        gitlab: provider(values, 'GITLAB', {
          host: effective(values, 'GITLAB_HOST') || 'https://gitlab.com',
        }),
        gitea: provider(values, 'GITEA', { host: effective(values, 'GITEA_HOST') }, true),
        oidc: provider(
          values,
          'OIDC',
          {
            host: effective(values, 'OIDC_ISSUER_URL'),
            scopes: effective(values, 'OIDC_SCOPES') || 'openid email profile',
            buttonLabel: effective(values, 'OIDC_BUTTON_LABEL') || 'Sign in with SSO',
            allowedDomains: effective(values, 'OIDC_ALLOWED_DOMAINS')
              .split(/[\s,]+/)
              .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
              .filter(Boolean),
          },
          true,
        ),
      },
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

    /** Renames or toggles telemetry; the audit gets each field's old and new value (nothing when nothing changed). */
    async update(
      actor: UserRow,
      values: { instance_name?: string; is_telemetry_enabled?: boolean },
    ): Promise<void> {
      await this.ensureInstance();
      await db.transaction(async (tx) => {
        const before = (await findInstance(tx))!;
        const details: Record<string, { old: unknown; new: unknown }> = {};
        for (const field of ['instance_name', 'is_telemetry_enabled'] as const) {
          const value = values[field];
          if (value !== undefined && value !== before[field])
            details[field] = { old: before[field], new: value };
        }
        await updateInstanceRow(tx, values);
        if (Object.keys(details).length > 0) {
          await insertAuditEntries(tx, [
            { actorId: actor.id, action: 'instance.updated', target: null, details },
          ]);
        }
      });
    },

    /** Each key as set by the admin, else as the environment gives it (provider keys), else null. */
    async listConfigurations() {
      const values = await stored();
      return Object.entries(CONFIGURATION_KEYS).map(([key, meta]) => {
        const value = values.has(key) ? (values.get(key) ?? null) : (config.instanceEnv[key] ?? null);
        return {
          key,
          value: meta.secret && value ? SECRET_MASK : value,
          category: meta.category,
          is_encrypted: meta.secret,
        };
      });
    },

    /**
     * Stores the keys sent, with one audit entry per key whose value really changed (a secret's
     * entry says only that it changed). All or nothing: the values and their audit share a transaction.
     */
    async updateConfigurations(
      actor: UserRow,
      body: Record<string, string | number | boolean | null>,
    ): Promise<void> {
      const unknown = Object.keys(body).filter((k) => !isConfigurationKey(k));
      if (unknown.length > 0) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: Object.fromEntries(unknown.map((k) => [k, 'Unknown configuration key'])),
        });
      }
      const updates = Object.entries(body)
        // A form that sends the masked secret back unchanged must not overwrite the stored one.
        .filter(
          ([key, value]) => !(CONFIGURATION_KEYS[key as ConfigurationKey].secret && value === SECRET_MASK),
        )
        .map(([key, value]) => ({
          key: key as ConfigurationKey,
          value: storedValue(key as ConfigurationKey, value),
        }));
      await db.transaction(async (tx) => {
        const changes = configurationChanges(await stored(tx), updates);
        for (const { key, value } of updates) {
          const meta = CONFIGURATION_KEYS[key];
          await upsertConfiguration(tx, {
            key,
            value: meta.secret && value ? deps.secrets().seal(value) : value,
            category: meta.category,
            is_encrypted: meta.secret,
          });
        }
        await insertAuditEntries(
          tx,
          changes.map(
            (change): AuditRecord => ({
              actorId: actor.id,
              action: 'configuration.updated',
              target: change.key,
              details: change.details,
            }),
          ),
        );
      });
    },
  };
}
