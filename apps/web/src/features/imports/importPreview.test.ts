import type { Import } from '@kite/shared/contracts';
import { describe, expect, it } from 'vitest';
import { previewOf } from './importPreview.ts';

const upload: Pick<Import, 'preview' | 'preset' | 'options'> = {
  preset: 'jira',
  options: {
    create_missing_states: false,
    create_missing_labels: false,
    create_missing_cycles: false,
    date_format: null,
  },
  preview: [
    ['Checkout fails', 'In Progress', 'Highest', '02/Jan/24 9:15 AM', 'checkout', 'payments'],
    ['', 'To Do', 'Someday', 'tomorrow', '', ''],
  ],
};

describe('the preview of the first rows as mapped', () => {
  it('shows each mapped field once, in the fields’ order, as the import reads it', () => {
    const { columns, rows } = previewOf(upload, [
      'name',
      'state',
      'priority',
      'created_at',
      'labels',
      'labels',
    ]);
    expect(columns.map((c) => c.label)).toEqual(['Name', 'State', 'Priority', 'Labels', 'Created']);
    expect(rows[0]).toEqual({
      row: 2,
      values: {
        name: 'Checkout fails',
        state: 'In Progress',
        priority: 'Urgent',
        labels: 'checkout, payments',
        created_at: '2024-01-02 09:15 UTC',
      },
      problems: [],
    });
  });

  it('says why a row would be refused', () => {
    const { rows } = previewOf(upload, ['name', 'state', 'priority', 'created_at', null, null]);
    expect(rows[1]!.problems).toEqual([
      'Name is empty',
      "Unknown priority 'Someday'",
      "Created 'tomorrow' is not a date",
    ]);
  });

  it('follows a changed mapping and the date format option', () => {
    const custom = {
      ...upload,
      preset: 'auto' as const,
      options: { ...upload.options, date_format: 'dd.MM.yyyy' },
    };
    const { columns, rows } = previewOf({ ...custom, preview: [['A', '03.04.2024']] }, [null, 'target_date']);
    expect(columns.map((c) => c.field)).toEqual(['target_date']);
    expect(rows[0]!.values.target_date).toBe('2024-04-03');
    expect(rows[0]!.problems).toEqual(['Name is empty']);
  });
});
