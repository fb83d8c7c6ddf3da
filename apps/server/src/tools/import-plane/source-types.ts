/**
 * The source objects the import reads, as Plane's v1 API (and this product's, api.md §15.4)
 * names them. Only the keys the import uses; everything else the source sends is ignored.
 */

export interface SourceUserMe {
  id: string;
  email: string;
}

export interface SourceMember {
  id: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  role: number;
}

export interface SourceProject {
  id: string;
  name: string;
  identifier: string;
  description?: string | null;
  description_html?: string | null;
  network?: number | null;
  project_lead?: string | null;
  default_assignee?: string | null;
  default_state?: string | null;
  /** The project's active estimate. */
  estimate?: string | null;
  emoji?: string | null;
  icon_prop?: Record<string, unknown> | null;
  logo_props?: Record<string, unknown> | null;
  cycle_view?: boolean;
  module_view?: boolean;
  issue_views_view?: boolean;
  page_view?: boolean;
  intake_view?: boolean;
  guest_view_all_features?: boolean;
  archive_in?: number | null;
  close_in?: number | null;
  timezone?: string | null;
  sort_order?: number | null;
  archived_at?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceState {
  id: string;
  name: string;
  description?: string | null;
  color?: string | null;
  group: string;
  sequence?: number | null;
  default?: boolean;
  is_triage?: boolean;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceLabel {
  id: string;
  name: string;
  description?: string | null;
  color?: string | null;
  parent?: string | null;
  sort_order?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceEstimatePoint {
  id: string;
  /** Plane's older v1 sends only `id` and `value`: then the points' order gives the keys. */
  key?: number | null;
  value: string;
  description?: string | null;
}

export interface SourceEstimate {
  id: string;
  name: string;
  description?: string | null;
  type?: string | null;
  last_used?: boolean;
  points?: SourceEstimatePoint[];
  created_at?: string | null;
  updated_at?: string | null;
}

export interface SourceCycle {
  id: string;
  name: string;
  description?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  owned_by?: string | null;
  sort_order?: number | null;
  view_props?: Record<string, unknown> | null;
  progress_snapshot?: Record<string, unknown> | null;
  logo_props?: Record<string, unknown> | null;
  archived_at?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceModule {
  id: string;
  name: string;
  description?: string | null;
  description_html?: string | null;
  status?: string | null;
  lead?: string | null;
  members?: string[] | null;
  start_date?: string | null;
  target_date?: string | null;
  sort_order?: number | null;
  view_props?: Record<string, unknown> | null;
  logo_props?: Record<string, unknown> | null;
  archived_at?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceWorkItem {
  id: string;
  name: string;
  description_html?: string | null;
  priority?: string | null;
  state?: string | null;
  parent?: string | null;
  estimate_point?: string | null;
  assignees?: string[] | null;
  labels?: string[] | null;
  start_date?: string | null;
  target_date?: string | null;
  sequence_id: number;
  sort_order?: number | null;
  completed_at?: string | null;
  archived_at?: string | null;
  is_draft?: boolean | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceComment {
  id: string;
  comment_html?: string | null;
  access?: string | null;
  actor?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  updated_by?: string | null;
}

export interface SourceLink {
  id: string;
  title?: string | null;
  url: string;
  metadata?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
}

export interface SourceActivity {
  id: string;
  verb: string;
  field?: string | null;
  old_value?: string | null;
  new_value?: string | null;
  old_identifier?: string | null;
  new_identifier?: string | null;
  comment?: string | null;
  actor?: string | null;
  created_at: string;
}

/** `GET …/relations/`: related work-item ids by relation type. */
export type SourceRelations = Partial<Record<string, string[]>>;
