import { describe, expect, it } from 'vitest';
import { cycleRights } from './cycles.ts';
import { moduleRights } from './modules.ts';
import { ROLE } from './roles.ts';
import { viewRights } from './views.ts';

const ME = 'me';
const OTHER = 'someone-else';
const { GUEST, VIEWER, MEMBER, ADMIN } = ROLE;
const ROLES = [
  ['not a member', 0],
  ['guest', GUEST],
  ['viewer', VIEWER],
  ['member', MEMBER],
  ['admin', ADMIN],
] as const;

describe('cycleRights (api.md §6: edit and archive P15; delete P20 +owner)', () => {
  const cycles = {
    owner: { owned_by_id: ME, created_by: OTHER },
    creator: { owned_by_id: OTHER, created_by: ME },
    'owner and creator': { owned_by_id: ME, created_by: ME },
    other: { owned_by_id: OTHER, created_by: OTHER },
    'other, no owner': { owned_by_id: null, created_by: OTHER },
  } as const;
  // [role, relation, edit/archive, delete]
  const table: [string, keyof typeof cycles, boolean, boolean][] = [];
  for (const [name, role] of ROLES) {
    for (const relation of Object.keys(cycles) as (keyof typeof cycles)[]) {
      const owns = relation === 'owner' || relation === 'owner and creator';
      table.push([name, relation, role >= MEMBER, owns || role === ADMIN]);
    }
  }
  it.each(table)('a %s who is the cycle’s %s: edit %s, delete %s', (name, relation, edit, remove) => {
    const role = ROLES.find(([n]) => n === name)![1];
    const rights = cycleRights(cycles[relation], { userId: ME, role });
    expect(rights).toEqual({
      owner: relation === 'owner' || relation === 'owner and creator',
      canEdit: edit,
      canArchive: edit,
      canDelete: remove,
    });
  });

  it('spells out the cases that matter', () => {
    const member = { userId: ME, role: MEMBER };
    expect(cycleRights({ owned_by_id: ME }, member).canDelete).toBe(true);
    // The creator who handed the cycle to someone else no longer deletes it.
    expect(cycleRights({ owned_by_id: OTHER }, member).canDelete).toBe(false);
    expect(cycleRights({ owned_by_id: OTHER }, { userId: ME, role: ADMIN }).canDelete).toBe(true);
    expect(cycleRights({ owned_by_id: null }, { userId: '', role: MEMBER }).owner).toBe(false);
  });
});

describe('moduleRights (api.md §7: edit and archive P15; delete P20 +creator)', () => {
  const modules = {
    creator: { created_by: ME },
    other: { created_by: OTHER },
    'nobody’s': { created_by: null },
  } as const;
  const table: [string, keyof typeof modules, boolean, boolean][] = [];
  for (const [name, role] of ROLES) {
    for (const relation of Object.keys(modules) as (keyof typeof modules)[]) {
      table.push([name, relation, role >= MEMBER, relation === 'creator' || role === ADMIN]);
    }
  }
  it.each(table)('a %s, on a module that is %s: edit %s, delete %s', (name, relation, edit, remove) => {
    const role = ROLES.find(([n]) => n === name)![1];
    expect(moduleRights(modules[relation], { userId: ME, role })).toEqual({
      creator: relation === 'creator',
      canEdit: edit,
      canArchive: edit,
      canDelete: remove,
    });
  });
});

describe('viewRights (api.md §8: owner; P20 for public views; lock and access the owner’s)', () => {
  const PUBLIC = 0;
  const PRIVATE = 1;
  const views = {
    'own public': { owned_by: ME, access: PUBLIC },
    'own private': { owned_by: ME, access: PRIVATE },
    'another’s public': { owned_by: OTHER, access: PUBLIC },
    'another’s private': { owned_by: OTHER, access: PRIVATE },
  } as const;
  const table: [string, keyof typeof views, boolean][] = [];
  for (const [name] of ROLES) {
    for (const kind of Object.keys(views) as (keyof typeof views)[]) {
      for (const locked of [false, true]) table.push([name, kind, locked]);
    }
  }
  it.each(table)('a %s on an %s view (locked: %s)', (name, kind, locked) => {
    const role = ROLES.find(([n]) => n === name)![1];
    const view = { ...views[kind], is_locked: locked };
    const owner = view.owned_by === ME;
    const right = owner || role === ADMIN;
    expect(viewRights(view, { userId: ME, role })).toEqual({
      owner,
      canView: owner || view.access === PUBLIC,
      editRight: right,
      canEdit: right && !locked,
      canLock: owner,
      canChangeAccess: owner,
      deleteRight: right,
      canDelete: right && !locked,
    });
  });
});
