-- A job whose attempt failed because a dependency was unreachable (the blob store, the database)
-- goes back to the queue with a back-off instead of using up its attempts at once: it is not
-- claimed before run_after, and deferrals counts how often that happened (bounded by the dispatcher).
ALTER TABLE jobs ADD COLUMN run_after TIMESTAMPTZ;
ALTER TABLE jobs ADD COLUMN deferrals INTEGER NOT NULL DEFAULT 0;
