import { createContext, useContext } from 'react';

/** A member an `@` mention can name. */
export interface MentionCandidate {
  id: string;
  display_name: string;
}

/** A work item as an embed card shows it. */
export interface WorkItemCard {
  id: string;
  /** `WEB-12` */
  key: string;
  projectIdentifier: string;
  sequenceId: number;
  name: string;
  stateName?: string;
  stateColor?: string;
  /** Where the card links to. */
  href: string;
}

/**
 * What the editor's optional features need from the screen around it. A feature whose service is
 * absent is not offered (no "Image" command without `uploadImage`, no `@` menu without `mentions`).
 */
export interface EditorServices {
  /** Uploads an image and resolves to the URL for `<img src>`. */
  uploadImage?: (file: File) => Promise<string>;
  mentions?: {
    /** The workspace, for the mention's profile link. */
    slug: string;
    candidates: () => MentionCandidate[];
  };
  workItems?: {
    /** Resolves a key such as `WEB-12`; rejects when there is no such (visible) item. */
    lookup: (key: string) => Promise<WorkItemCard>;
  };
}

export const EditorServicesContext = createContext<EditorServices>({});
export const useEditorServices = (): EditorServices => useContext(EditorServicesContext);

export const profilePath = (slug: string, userId: string) =>
  `/${encodeURIComponent(slug)}/profile/${encodeURIComponent(userId)}`;

/** `web-12 ` → `WEB-12`, or null when it is not a key. */
export function parseWorkItemKey(text: string): { identifier: string; sequence: number } | null {
  const match = /^\s*([A-Za-z0-9]{1,12})-(\d{1,9})\s*$/.exec(text);
  if (!match) return null;
  return { identifier: match[1]!.toUpperCase(), sequence: Number(match[2]) };
}
