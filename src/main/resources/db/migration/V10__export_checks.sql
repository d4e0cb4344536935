-- Marketplace checks of an export's file: a JSON array of {rule, passed, detail}, written with the
-- file when the export becomes ready. Exports made before checks existed keep '[]' (not checked):
-- a check needs the render's own facts (where the product landed, which texts were drawn).
ALTER TABLE exports ADD COLUMN checks TEXT NOT NULL DEFAULT '[]';
