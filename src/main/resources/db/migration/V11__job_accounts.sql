-- The account of every job, so the queue claims fairly across accounts (docs/jobs-and-streams.md,
-- Fairness). NULL for work no account asked for; such jobs share one turn.
ALTER TABLE jobs ADD COLUMN account_id TEXT;
CREATE INDEX jobs_running_account ON jobs (account_id) WHERE state = 'running';
