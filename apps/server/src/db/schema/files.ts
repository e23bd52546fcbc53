import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { corporates } from './tenancy.ts';
import { users } from './users.ts';

/** An uploaded file under DATA_DIR/uploads: a photo in use is served to its corporate, anything else to its uploader. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    corpId: integer('corp_id')
      .notNull()
      .references(() => corporates.id),
    clinicId: integer('clinic_id'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    kind: text('kind').notNull(),
    /** Path below the uploads folder. */
    storagePath: text('storage_path').notNull(),
    originalName: text('original_name'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_corp_idx').on(t.corpId)],
);
