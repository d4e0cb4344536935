#!/usr/bin/env bash
# The peer a developer would script with libvips: a product card without text. A flat backdrop
# of the card's size, the cut-out (PNG with alpha) scaled to fit 80 % of the card's width and
# 62 % of its height, set centred a little above the middle, written as PNG (compression 6, as
# cardgen's exports). One process per card, as a script run per product would be.
# Usage: bench/peers/vips-card.sh CUTOUT.png WIDTH HEIGHT OUT.png
set -euo pipefail
cutout=$1 w=$2 h=$3 out=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pw=$((w * 80 / 100)) ph=$((h * 62 / 100))
vips thumbnail "$cutout" "$tmp/product.v" "$pw" --height "$ph" --size both
read -r tw th < <(echo "$(vipsheader -f width "$tmp/product.v") $(vipsheader -f height "$tmp/product.v")")
vips black "$tmp/black.v" "$w" "$h" --bands 3
vips linear "$tmp/black.v" "$tmp/backdrop.v" "1 1 1" "244 241 236" --uchar
vips composite2 "$tmp/backdrop.v" "$tmp/product.v" "$tmp/card.v" over --x $(((w - tw) / 2)) --y $(((h - th) * 2 / 5))
vips pngsave "$tmp/card.v" "$out" --compression 6
