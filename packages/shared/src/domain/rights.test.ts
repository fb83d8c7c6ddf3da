import { describe, expect, it } from 'vitest';
import { cycleRights } from './cycles.ts';
import { INTAKE_STATUS, INTAKE_STATUSES, intakeRights } from './intake.ts';
import { attachmentRights, commentRights, issueLinkRights, issueRights } from './issues.ts';
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

describe('intakeRights (api.md §10: triage P20; work item P15 +submitter while pending; delete P20 +submitter)', () => {
  const table: [string, 'submitter' | 'other', number][] = [];
  for (const [name] of ROLES) {
    for (const who of ['submitter', 'other'] as const) {
      for (const status of INTAKE_STATUSES) table.push([name, who, status]);
    }
  }
  it.each(table)('a %s who is the %s, status %s', (name, who, status) => {
    const role = ROLES.find(([n]) => n === name)![1];
    const submitter = who === 'submitter';
    const item = { created_by: submitter ? ME : OTHER, status };
    expect(intakeRights(item, { userId: ME, role })).toEqual({
      submitter,
      canTriage: role === ADMIN,
      canEditText: role >= MEMBER || (submitter && status === INTAKE_STATUS.PENDING),
      canEditProperties: role >= MEMBER,
      canDelete: role === ADMIN || submitter,
    });
  });

  it('gives an item nobody submitted no submitter', () => {
    expect(
      intakeRights({ created_by: null, status: INTAKE_STATUS.PENDING }, { userId: '', role: GUEST }),
    ).toEqual({
      submitter: false,
      canTriage: false,
      canEditText: false,
      canEditProperties: false,
      canDelete: false,
    });
  });
});

describe('the rights on a work item and what hangs off it (api.md §5.5, §5.9–5.11)', () => {
  const table: [string, boolean][] = [];
  for (const [name] of ROLES) for (const mine of [true, false]) table.push([name, mine]);

  it.each(table)('a %s (their own: %s)', (name, mine) => {
    const role = ROLES.find(([n]) => n === name)![1];
    const caller = { userId: ME, role };
    const by = mine ? ME : OTHER;
    const member = role >= MEMBER;
    const admin = role === ADMIN;
    // Work item: PATCH P15 +creator, DELETE P20 +creator, add a link P15 +issue creator.
    expect(issueRights({ created_by: by }, caller)).toEqual({
      creator: mine,
      canEdit: member || mine,
      canAddLink: member || mine,
      canDelete: admin || mine,
    });
    // Link: PATCH / DELETE P15 +link creator.
    expect(issueLinkRights({ created_by: by }, caller)).toEqual({
      creator: mine,
      canEdit: member || mine,
      canDelete: member || mine,
    });
    // Attachment: DELETE P20 +uploader.
    expect(attachmentRights({ created_by: by }, caller)).toEqual({
      uploader: mine,
      canDelete: admin || mine,
    });
    // Comment: PATCH / DELETE author, P20.
    expect(commentRights({ actor: by }, caller)).toEqual({
      author: mine,
      canEdit: admin || mine,
      canDelete: admin || mine,
    });
  });

  it('counts nobody as the creator of what has none', () => {
    const guest = { userId: '', role: GUEST };
    expect(issueRights({ created_by: null }, guest).creator).toBe(false);
    expect(issueLinkRights({ created_by: null }, guest).canEdit).toBe(false);
    expect(attachmentRights({ created_by: null }, guest).canDelete).toBe(false);
    expect(commentRights({ actor: null }, guest).canEdit).toBe(false);
  });
});
