-- Source pixels per card pixel of the product an export drew (below 1: enlarged), written with the
-- file when the export becomes ready; null for exports made before it was recorded and for cards
-- with no product.
ALTER TABLE exports ADD COLUMN product_scale DOUBLE PRECISION;
