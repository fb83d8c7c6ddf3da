import { makeAutoObservable } from 'mobx';
import { storage } from '../../lib/storage.ts';

/** The spec keeps the app sidebar's collapsed state locally, under this key. */
export const SIDEBAR_COLLAPSED_KEY = 'app_sidebar_collapsed';

export class SidebarStore {
  collapsed: boolean;

  constructor() {
    this.collapsed = storage.getBoolean(SIDEBAR_COLLAPSED_KEY, false);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setCollapsed(collapsed: boolean): void {
    this.collapsed = collapsed;
    storage.set(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  }

  toggle(): void {
    this.setCollapsed(!this.collapsed);
  }
}
