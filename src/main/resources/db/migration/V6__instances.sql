-- Live service instances (dev.cardgen.instances): each one keeps its row fresh while it runs, so every
-- instance knows how many share the deployment-wide limits.
CREATE TABLE instances (
    id            TEXT PRIMARY KEY,
    started_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    heartbeat_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
