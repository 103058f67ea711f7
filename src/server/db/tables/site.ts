import type { Generated } from 'kysely';

// The site: settings, VIP licences and scheduled backups.

export interface SettingsTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: number;
}

export interface VipLicensesTable {
  id: Generated<number>;
  license_key: string;
  is_used: number;
  used_by: number | null;
  used_at: number | null;
  created_at: number;
}

/** A backup written on a schedule into the blob store (see scheduled-backups.service). */
export interface ScheduledBackupsTable {
  id: Generated<number>;
  /** The interval it belongs to (time ÷ interval): unique, so one instance writes it. */
  slot: number;
  blob_key: string;
  status: 'writing' | 'done';
  size_bytes: number;
  created_at: number;
  finished_at: number | null;
}
