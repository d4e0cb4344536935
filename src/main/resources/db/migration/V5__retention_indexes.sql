-- Indexes for the retention sweeper (dev.cardgen.retention), which deletes in small batches by age.
CREATE INDEX jobs_finished_updated ON jobs (updated_at) WHERE state IN ('done', 'failed');
CREATE INDEX stream_events_created ON stream_events (created_at);
CREATE INDEX stream_tokens_expires ON stream_tokens (expires_at);
