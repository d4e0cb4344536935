-- The card's locale (a BCP 47 tag): the words the service filled in are in it. Generations made before
-- it existed were filled in Russian when any text was Cyrillic, else in English; they say so.
ALTER TABLE generations ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
UPDATE generations SET locale = 'ru' WHERE texts ~ '[Ѐ-ӿ]';
ALTER TABLE generations ALTER COLUMN locale DROP DEFAULT;
