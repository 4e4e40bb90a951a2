-- Uploads: the hourly purge of files nothing refers to looks them up by age (platform/files.ts purgeOrphans);
-- the per-customer quota sums by owner, which files_owner already serves.
CREATE INDEX IF NOT EXISTS "files_created_at" ON "files" USING btree ("created_at");
