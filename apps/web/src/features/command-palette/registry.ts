import { observable, runInAction } from 'mobx';

/**
 * One thing the user can run from the command palette. Screens register theirs while they are
 * mounted (the board registers ISSUE_ACTIONS, the one list its keyboard shortcuts also read);
 * the palette adds navigation. A later registration of the same id replaces the earlier one in
 * place (the board's "Create work item" replaces the workspace-wide one).
 */
export interface Command {
  id: string;
  title: string;
  /** The palette's heading for it. */
  group: string;
  /** More words that find it. */
  keywords?: string;
  /** Keys that run it outside the palette (shown as hints). */
  keys?: readonly string[];
  run: () => void;
}

type Source = () => readonly Command[];

const sources = new Map<string, Source>();

/** Registers a source of commands under a key; returns the unregister function. */
export function registerCommands(key: string, source: Source): () => void {
  sources.delete(key);
  sources.set(key, source);
  return () => {
    if (sources.get(key) === source) sources.delete(key);
  };
}

/** Every command available now (after `base`), in registration order, one per id. */
export function listCommands(base: readonly Command[] = []): Command[] {
  const byId = new Map<string, Command>(base.map((command) => [command.id, command]));
  for (const source of sources.values()) for (const command of source()) byId.set(command.id, command);
  return [...byId.values()];
}

export type PaletteMode = 'all' | 'search';

/** Whether the palette is open and in which mode (`/` opens it for work items only). */
export const paletteState = observable({ open: false, mode: 'all' as PaletteMode });

export function openPalette(mode: PaletteMode = 'all'): void {
  runInAction(() => {
    paletteState.open = true;
    paletteState.mode = mode;
  });
}

export function closePalette(): void {
  runInAction(() => {
    paletteState.open = false;
  });
}

let pendingBoardAction: string | null = null;

/** Asks the next board that mounts to run one of its actions (the palette's "Create work item" elsewhere). */
export function requestBoardAction(id: string): void {
  pendingBoardAction = id;
}

/** The action a palette asked the board to run, once. */
export function takeBoardAction(): string | null {
  const id = pendingBoardAction;
  pendingBoardAction = null;
  return id;
}
