import type { UserLite } from '@kite/shared/contracts';
import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../ui/Avatar.tsx';
import type { FieldControlProps } from '../../ui/Field.tsx';
import { controlClasses } from '../../ui/Input.tsx';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
} from '../../ui/Menu.tsx';
import { AvatarGroup } from './ModuleParts.tsx';

function PickerTrigger({
  control,
  label,
  children,
}: {
  control: FieldControlProps;
  label: string;
  children: ReactNode;
}) {
  return (
    <MenuTrigger asChild>
      <button
        type="button"
        {...control}
        aria-label={label}
        className={clsx(controlClasses, 'flex h-9 cursor-pointer items-center gap-2 text-left')}
      >
        <span className="flex min-w-0 flex-1 items-center gap-2">{children}</span>
        <ChevronDown className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />
      </button>
    </MenuTrigger>
  );
}

function Person({ user }: { user: UserLite }) {
  return (
    <>
      <Avatar name={user.display_name} src={user.avatar_url} size="xs" />
      <span className="truncate">{user.display_name}</span>
    </>
  );
}

const menuClass = 'max-h-72 w-(--radix-dropdown-menu-trigger-width) overflow-y-auto';

/** One project member as the module's lead, or none. `users` resolves ids the options may lack. */
export function LeadPicker({
  control,
  options,
  users,
  value,
  onChange,
}: {
  control: FieldControlProps;
  options: UserLite[];
  users: Map<string, UserLite>;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const lead = value ? users.get(value) : undefined;
  return (
    <Menu>
      <PickerTrigger
        control={control}
        label={`Lead: ${value ? (lead?.display_name ?? 'unknown member') : 'none'}`}
      >
        {lead ? <Person user={lead} /> : <span className="text-fg-subtle">No lead</span>}
      </PickerTrigger>
      <MenuContent className={menuClass}>
        <MenuRadioGroup value={value ?? ''} onValueChange={(id) => onChange(id || null)}>
          <MenuRadioItem value="">
            <span className="text-fg-muted">No lead</span>
          </MenuRadioItem>
          {options.map((user) => (
            <MenuRadioItem key={user.id} value={user.id}>
              <Person user={user} />
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}

/** Any number of project members; the menu stays open while ticking. */
export function MembersPicker({
  control,
  options,
  users,
  value,
  onChange,
}: {
  control: FieldControlProps;
  options: UserLite[];
  users: Map<string, UserLite>;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const chosen = value.map((id) => users.get(id)).filter((u): u is UserLite => !!u);
  // Someone chosen before who is no longer offered stays listed, so they can be taken off.
  const listed = [...options, ...chosen.filter((u) => !options.some((o) => o.id === u.id))];
  const label = chosen.length ? `Members: ${chosen.map((u) => u.display_name).join(', ')}` : 'Members: none';
  return (
    <Menu>
      <PickerTrigger control={control} label={label}>
        {chosen.length ? (
          <>
            <AvatarGroup label="Members" users={chosen} max={5} />
            <span className="truncate text-fg-muted">
              {chosen.length === 1 ? chosen[0]?.display_name : `${chosen.length} members`}
            </span>
          </>
        ) : (
          <span className="text-fg-subtle">No members</span>
        )}
      </PickerTrigger>
      <MenuContent className={menuClass}>
        {listed.length === 0 && <p className="px-2 py-1.5 text-xs text-fg-subtle">No project members</p>}
        {listed.map((user) => (
          <MenuCheckboxItem
            key={user.id}
            checked={value.includes(user.id)}
            onCheckedChange={(on) =>
              onChange(
                on === true
                  ? [...value.filter((id) => id !== user.id), user.id]
                  : value.filter((id) => id !== user.id),
              )
            }
            onSelect={(event) => event.preventDefault()}
          >
            <Person user={user} />
          </MenuCheckboxItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
