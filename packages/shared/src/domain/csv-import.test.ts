import { describe, expect, it } from 'vitest';
import {
  compileDatePattern,
  detectPreset,
  guessStateGroup,
  IMPORT_PRESETS,
  type ImportField,
  mapRow,
  normaliseEstimate,
  parseDateValue,
  parsePriority,
  splitList,
  suggestMapping,
} from './csv-import.ts';

const { jira, linear, asana, github, auto } = IMPORT_PRESETS;

describe('priorities per preset', () => {
  it.each([
    [jira, 'Highest', 'urgent'],
    [jira, 'High', 'high'],
    [jira, 'Medium', 'medium'],
    [jira, 'Low', 'low'],
    [jira, 'Lowest', 'low'],
    [linear, 'Urgent', 'urgent'],
    [linear, 'High', 'high'],
    [linear, 'Medium', 'medium'],
    [linear, 'Low', 'low'],
    [linear, 'No priority', 'none'],
    [asana, 'high', 'high'],
    [auto, 'P1', 'high'],
    [auto, ' critical ', 'urgent'],
    [auto, 'none', 'none'],
  ] as const)('%s reads %s as %s', (preset, value, expected) => {
    expect(parsePriority(value, preset)).toBe(expected);
  });

  it('tells an empty cell (unset) from a value it does not know (refused)', () => {
    expect(parsePriority('  ', jira)).toBeUndefined();
    expect(parsePriority('Whenever', jira)).toBeNull();
  });
});

describe('dates per preset', () => {
  it.each([
    // Jira: "dd/MMM/yy h:mm AM", the clock taken as UTC
    [jira, '12/Mar/24 3:45 PM', '2024-03-12', '2024-03-12T15:45:00.000Z'],
    [jira, '01/Dec/23 12:05 AM', '2023-12-01', '2023-12-01T00:05:00.000Z'],
    [jira, '28/Feb/24', '2024-02-28', '2024-02-28T00:00:00.000Z'],
    // Linear: ISO timestamps and dates
    [linear, '2024-03-12T10:15:30.000Z', '2024-03-12', '2024-03-12T10:15:30.000Z'],
    [linear, '2024-04-01', '2024-04-01', '2024-04-01T00:00:00.000Z'],
    // Asana: dates
    [asana, '2024-05-20', '2024-05-20', '2024-05-20T00:00:00.000Z'],
    // GitHub: ISO with a zone
    [github, '2024-01-09T08:00:00Z', '2024-01-09', '2024-01-09T08:00:00.000Z'],
    [github, '2024-01-09T10:00:00+02:00', '2024-01-09', '2024-01-09T08:00:00.000Z'],
    // Other CSVs: US month first, then European dots
    [auto, '3/7/2024', '2024-03-07', '2024-03-07T00:00:00.000Z'],
    [auto, '7.3.2024', '2024-03-07', '2024-03-07T00:00:00.000Z'],
  ] as const)('%s reads %s', (preset, value, date, timestamp) => {
    expect(parseDateValue(value, preset.dateFormats)).toEqual({ date, timestamp });
  });

  it.each([
    ['dd/MM/yyyy', '03/04/2024', '2024-04-03T00:00:00.000Z'],
    ['yyyy.MM.dd HH:mm:ss', '2024.04.03 17:05:09', '2024-04-03T17:05:09.000Z'],
    ['MMMM d, yyyy', 'September 9, 2024', '2024-09-09T00:00:00.000Z'],
    ["d 'de' MMM yyyy", '9 de Sep 2024', '2024-09-09T00:00:00.000Z'],
    ['h:mm a dd/MM/yy', '12:30 AM 01/02/99', '1999-02-01T00:30:00.000Z'],
  ])('reads the pattern %s', (pattern, value, timestamp) => {
    expect(compileDatePattern(pattern)?.(value)?.timestamp).toBe(timestamp);
  });

  it('refuses patterns it does not know, and values that do not fit them', () => {
    expect(compileDatePattern('dd/MM/yyyy QQ')).toBeNull();
    expect(compileDatePattern('HH:mm')).toBeNull();
    expect(compileDatePattern('dd/MM/yyyy')?.('3/4/2024')).toBeNull();
    expect(compileDatePattern('M/d/yyyy h:mm a')?.('3/4/2024 13:00 PM')).toBeNull();
  });

  it('refuses what is no date, and impossible days', () => {
    expect(parseDateValue('soon', jira.dateFormats)).toBeNull();
    expect(parseDateValue('2024-02-30', linear.dateFormats)).toBeNull();
    expect(parseDateValue('32/Mar/24', jira.dateFormats)).toBeNull();
    expect(parseDateValue('', jira.dateFormats)).toBeUndefined();
  });
});

describe('lists, estimates and state groups', () => {
  it('splits a cell into distinct trimmed values', () => {
    expect(splitList('Bug, Frontend,,bug , API', ',')).toEqual(['Bug', 'Frontend', 'API']);
  });

  it('writes numbers in one form', () => {
    expect(normaliseEstimate(' 3.0 ')).toBe('3');
    expect(normaliseEstimate('0.5')).toBe('0.5');
    expect(normaliseEstimate('XL')).toBe('XL');
  });

  it.each([
    ['To Do', 'unstarted'],
    ['Todo', 'unstarted'],
    ['In Progress', 'started'],
    ['In Review', 'started'],
    ['Done', 'completed'],
    ['closed', 'completed'],
    ["Won't Do", 'cancelled'],
    ['Canceled', 'cancelled'],
    ['Duplicate', 'cancelled'],
    ['Backlog', 'backlog'],
  ] as const)('guesses %s is %s', (name, group) => {
    expect(guessStateGroup(name)).toBe(group);
  });
});

describe('presets recognise their exports', () => {
  const headers = {
    jira: [
      'Summary',
      'Issue key',
      'Issue id',
      'Issue Type',
      'Status',
      'Priority',
      'Assignee',
      'Created',
      'Due date',
      'Labels',
      'Labels',
      'Description',
      'Sprint',
      'Sprint',
      'Custom field (Story Points)',
      'Parent id',
    ],
    linear: [
      'ID',
      'Team',
      'Title',
      'Description',
      'Status',
      'Estimate',
      'Priority',
      'Assignee',
      'Labels',
      'Cycle Number',
      'Cycle Name',
      'Created',
      'Due Date',
      'Parent issue',
    ],
    asana: [
      'Task ID',
      'Created At',
      'Completed At',
      'Name',
      'Section/Column',
      'Assignee',
      'Assignee Email',
      'Start Date',
      'Due Date',
      'Tags',
      'Notes',
      'Parent task',
    ],
    github: ['number', 'title', 'body', 'state', 'labels', 'assignees', 'milestone', 'created_at'],
  } as const;

  it.each(Object.keys(headers) as (keyof typeof headers)[])('detects %s', (id) => {
    expect(detectPreset(headers[id])).toBe(id);
  });

  it('falls back to auto for a plain spreadsheet', () => {
    expect(detectPreset(['Title', 'Status', 'Due'])).toBe('auto');
  });

  const mapped = (id: keyof typeof headers) => {
    const mapping = suggestMapping(headers[id], id);
    return Object.fromEntries(
      headers[id].map((h, i) => [`${i}:${h}`, mapping[i]] as const).filter(([, f]) => f !== null),
    ) as Record<string, ImportField>;
  };

  it('maps Jira, repeated Labels and Sprint columns included', () => {
    expect(mapped('jira')).toEqual({
      '0:Summary': 'name',
      '2:Issue id': 'external_id',
      '4:Status': 'state',
      '5:Priority': 'priority',
      '6:Assignee': 'assignees',
      '7:Created': 'created_at',
      '8:Due date': 'target_date',
      '9:Labels': 'labels',
      '10:Labels': 'labels',
      '11:Description': 'description',
      '12:Sprint': 'cycle',
      '13:Sprint': 'cycle',
      '14:Custom field (Story Points)': 'estimate',
      '15:Parent id': 'parent',
    });
  });

  it('maps Linear', () => {
    expect(mapped('linear')).toEqual({
      '0:ID': 'external_id',
      '2:Title': 'name',
      '3:Description': 'description',
      '4:Status': 'state',
      '5:Estimate': 'estimate',
      '6:Priority': 'priority',
      '7:Assignee': 'assignees',
      '8:Labels': 'labels',
      '10:Cycle Name': 'cycle',
      '11:Created': 'created_at',
      '12:Due Date': 'target_date',
      '13:Parent issue': 'parent',
    });
  });

  it('maps Asana, the email column over the name', () => {
    expect(mapped('asana')).toEqual({
      '0:Task ID': 'external_id',
      '1:Created At': 'created_at',
      '3:Name': 'name',
      '4:Section/Column': 'state',
      '6:Assignee Email': 'assignees',
      '7:Start Date': 'start_date',
      '8:Due Date': 'target_date',
      '9:Tags': 'labels',
      '10:Notes': 'description',
      '11:Parent task': 'parent',
    });
  });

  it('maps GitHub Issues', () => {
    expect(mapped('github')).toEqual({
      '0:number': 'external_id',
      '1:title': 'name',
      '2:body': 'description',
      '3:state': 'state',
      '4:labels': 'labels',
      '5:assignees': 'assignees',
      '6:milestone': 'cycle',
      '7:created_at': 'created_at',
    });
  });
});

describe('a row through a mapping', () => {
  const mapping: (ImportField | null)[] = [
    'external_id',
    'name',
    'priority',
    'labels',
    'labels',
    'cycle',
    'cycle',
    'created_at',
    'target_date',
    'estimate',
    null,
  ];

  it('reads a Jira row: repeated labels joined, the last sprint, Jira dates', () => {
    const { row, problems } = mapRow(
      [
        '10042',
        ' Fix login ',
        'High',
        'auth',
        'ui,auth',
        'Sprint 1',
        'Sprint 2',
        '12/Mar/24 3:45 PM',
        '',
        '5.0',
        'x',
      ],
      mapping,
      jira,
    );
    expect(problems).toEqual([]);
    expect(row).toMatchObject({
      external_id: '10042',
      name: 'Fix login',
      priority: 'high',
      labels: ['auth', 'ui'],
      cycle: 'Sprint 2',
      created_at: '2024-03-12T15:45:00.000Z',
      target_date: null,
      estimate: '5',
    });
  });

  it('names every problem of a bad row', () => {
    const { problems } = mapRow(
      ['1', '', 'Soonish', '', '', '', '', 'yesterday', '2024-13-01', '', ''],
      mapping,
      jira,
    );
    expect(problems).toEqual([
      'Name is empty',
      "Unknown priority 'Soonish'",
      "Due date '2024-13-01' is not a date",
      "Created 'yesterday' is not a date",
    ]);
  });

  it('refuses a start after the due date', () => {
    const { problems } = mapRow(
      ['A', '2024-05-02', '2024-05-01'],
      ['name', 'start_date', 'target_date'],
      auto,
    );
    expect(problems).toEqual(['Start date 2024-05-02 is after the due date 2024-05-01']);
  });

  it('tries the date format the options give first', () => {
    const { row } = mapRow(['A', '03/04/2024'], ['name', 'target_date'], auto, { dateFormat: 'dd/MM/yyyy' });
    expect(row.target_date).toBe('2024-04-03');
  });
});
