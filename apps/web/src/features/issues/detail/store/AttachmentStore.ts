import type { IssueAttachment } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, seg } from '../../../../lib/api.ts';
import { uploadFile } from '../../../../lib/upload.ts';
import type { IssueStore } from '../../store/IssueStore.ts';
import { setCount } from './counts.ts';
import { type IssueRef, issueBase, pendingId } from './IssueRef.ts';

export interface PendingUpload {
  id: string;
  name: string;
  size: number;
  /** 0…1 */
  progress: number;
  controller: AbortController;
}

/** The files attached to one work item, with uploads in flight and their progress. */
export class AttachmentStore {
  attachments: IssueAttachment[] = [];
  uploads: PendingUpload[] = [];
  loaded = false;

  constructor(
    private readonly ref: IssueRef,
    private readonly issues: IssueStore,
    /** Replaced in tests; the real one streams with XMLHttpRequest. */
    private readonly upload: typeof uploadFile = uploadFile,
  ) {
    makeAutoObservable<AttachmentStore, 'ref' | 'issues' | 'upload'>(
      this,
      { ref: false, issues: false, upload: false },
      { autoBind: true },
    );
  }

  private get base() {
    return `${issueBase(this.ref)}issue-attachments/`;
  }

  private syncCount(): void {
    setCount(this.issues, this.ref.issueId, 'attachment_count', this.attachments.length);
  }

  downloadUrl(attachment: IssueAttachment): string {
    return attachment.asset_url || `${this.base}${seg(attachment.id)}/download/`;
  }

  /** The files as read (the detail's `issue_attachment` expansion). */
  seed(attachments: IssueAttachment[]): void {
    this.attachments = attachments;
    this.loaded = true;
  }

  /** Uploads one file, its progress shown meanwhile; rejects with the server's message. */
  async add(file: File): Promise<IssueAttachment> {
    const pending: PendingUpload = {
      id: pendingId('upload'),
      name: file.name,
      size: file.size,
      progress: 0,
      controller: new AbortController(),
    };
    this.uploads.push(pending);
    const entry = this.uploads[this.uploads.length - 1] as PendingUpload;
    try {
      const created = await this.upload<IssueAttachment>(
        this.base,
        file,
        (fraction) => runInAction(() => (entry.progress = fraction)),
        pending.controller.signal,
      );
      runInAction(() => {
        this.attachments.unshift(created);
        this.syncCount();
      });
      return created;
    } finally {
      runInAction(() => {
        this.uploads = this.uploads.filter((u) => u.id !== pending.id);
      });
    }
  }

  cancel(uploadId: string): void {
    this.uploads.find((u) => u.id === uploadId)?.controller.abort();
  }

  /** DELETE (after the confirmation dialog): gone at once, back if the server refuses. */
  async remove(id: string): Promise<void> {
    const index = this.attachments.findIndex((a) => a.id === id);
    const before = this.attachments[index];
    if (!before) return;
    this.attachments.splice(index, 1);
    this.syncCount();
    try {
      await api.delete(`${this.base}${seg(id)}/`);
    } catch (error) {
      runInAction(() => {
        this.attachments.splice(Math.min(index, this.attachments.length), 0, before);
        this.syncCount();
      });
      throw error;
    }
  }
}
