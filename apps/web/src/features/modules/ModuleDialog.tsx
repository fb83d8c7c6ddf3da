import type { CreateModuleBody, Module, UserLite } from '@kite/shared/contracts';
import { MODULE_STATUSES } from '@kite/shared/domain';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FieldError } from '../../ui/Field.tsx';
import { Input, Select, Textarea } from '../../ui/Input.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { useWorkspaceUsers } from './ModuleParts.tsx';
import { LeadPicker, MembersPicker } from './ModulePeoplePickers.tsx';
import { MODULE_STATUS_LABELS } from './moduleFormat.ts';

/** The fields the dialog shows an error under; the server's other field errors go under the form. */
const SHOWN_FIELDS = ['name', 'target_date', 'lead_id', 'member_ids'];

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** Create or edit a module: name, description, status, dates, lead and members. */
export const ModuleDialog = observer(function ModuleDialog({
  slug,
  projectId,
  module,
  onClose,
}: {
  slug: string;
  projectId: string;
  module: Module | null;
  onClose: () => void;
}) {
  const { modules, projects, members } = useStores();
  const [name, setName] = useState(module?.name ?? '');
  const [description, setDescription] = useState(module ? plainText(module.description_html) : '');
  const [status, setStatus] = useState<Module['status']>(module?.status ?? 'planned');
  const [start, setStart] = useState(module?.start_date ?? '');
  const [target, setTarget] = useState(module?.target_date ?? '');
  const [lead, setLead] = useState<string | null>(module?.lead_id ?? null);
  const [memberIds, setMemberIds] = useState<string[]>(module?.member_ids ?? []);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const users = useWorkspaceUsers(slug);
  // The people offered: the project's active members (the server refuses anyone else).
  const people = projects
    .membersOf(projectId)
    .filter((m) => m.is_active)
    .map((m) => users.get(m.member))
    .filter((u): u is UserLite => !!u)
    .sort((a, b) => a.display_name.localeCompare(b.display_name));

  useEffect(() => {
    if (!projects.membersLoaded(projectId)) projects.fetchMembers(slug, projectId).catch(() => undefined);
    if (!members.isLoaded(slug)) members.fetchMembers(slug).catch(() => undefined);
  }, [projects, members, slug, projectId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    if (start && target && start > target)
      return setErrors({ target_date: 'Start date cannot exceed target date' });
    setBusy(true);
    const body: CreateModuleBody = {
      name: name.trim(),
      description_html: description.trim() ? `<p>${escapeHtml(description.trim())}</p>` : '<p></p>',
      status,
      start_date: start || null,
      target_date: target || null,
    };
    // Only what changed: an unchanged lead or member who has left the project is not refused.
    if (lead !== (module?.lead_id ?? null)) body.lead_id = lead;
    if (!sameIds(memberIds, module?.member_ids ?? [])) body.member_ids = memberIds;
    try {
      if (module) await modules.update(slug, projectId, module.id, body);
      else await modules.create(slug, projectId, body);
      toastSuccess(module ? 'Module updated' : 'Module created');
      onClose();
    } catch (error) {
      const fields = (error instanceof ApiError && error.fields) || {};
      const entries = Object.entries(fields);
      const others = entries.filter(([field]) => !SHOWN_FIELDS.includes(field)).map(([, message]) => message);
      const shown = entries.length > others.length;
      // Field errors under their fields; the rest (or the whole message) under the form.
      setErrors({ ...fields, form: others.join(' ') || (shown ? undefined : errorMessage(error)) });
      if (error instanceof ApiError && error.code === 'MODULE_NAME_TAKEN') setErrors({ name: error.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={module ? 'Edit module' : 'New module'}
    >
      <form onSubmit={submit} className="flex flex-col gap-4 px-5 pt-4 pb-5">
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={255}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" optional>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(e) => setStatus(e.target.value as Module['status'])}
            >
              {MODULE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MODULE_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start date" optional>
            {(control) => (
              <Input {...control} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
            )}
          </Field>
          <Field label="Target date" optional error={errors.target_date}>
            {(control) => (
              <Input {...control} type="date" value={target} onChange={(e) => setTarget(e.target.value)} />
            )}
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Lead" optional error={errors.lead_id}>
            {(control) => (
              <LeadPicker
                control={control}
                options={people}
                users={users}
                value={lead}
                onChange={(id) => {
                  setLead(id);
                  setErrors((e) => ({ ...e, lead_id: undefined }));
                }}
              />
            )}
          </Field>
          <Field label="Members" optional error={errors.member_ids}>
            {(control) => (
              <MembersPicker
                control={control}
                options={people}
                users={users}
                value={memberIds}
                onChange={(ids) => {
                  setMemberIds(ids);
                  setErrors((e) => ({ ...e, member_ids: undefined }));
                }}
              />
            )}
          </Field>
        </div>
        <FieldError message={errors.form} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Saving…' : module ? 'Save changes' : 'Create module'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});
