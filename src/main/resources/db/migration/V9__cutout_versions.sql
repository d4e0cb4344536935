-- A seller can replace an asset's cut-out (a box hint, a corrected mask), and an upload's own alpha
-- can be the mask. Each mask is a new version; the asset points at the newest, and a generation
-- records the version it was created with, so a later edit never changes what it renders.
ALTER TABLE assets ADD COLUMN subject_source TEXT NOT NULL DEFAULT 'auto'
    CHECK (subject_source IN ('auto', 'alpha', 'hint', 'mask'));
ALTER TABLE assets ADD COLUMN cutout_version INTEGER NOT NULL DEFAULT 1 CHECK (cutout_version >= 1);
-- Uploads whose alpha is the mask keep a lossless working copy (PNG), so the seller's edge colours stay.
ALTER TABLE assets ADD COLUMN working_png BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE generations ADD COLUMN cutout_version INTEGER NOT NULL DEFAULT 1 CHECK (cutout_version >= 1);
