#!/usr/bin/env bash
# The peer a developer would script with ImageMagick: the whole card. A flat backdrop, the cut-out
# (PNG with alpha) scaled to fit 80 % of the card's width and 62 % of its height with a soft
# shadow under it, a title, a subtitle, three facts and a round badge, written as PNG
# (compression 6, as cardgen's exports). One process per card.
# Usage: bench/peers/magick-card.sh CUTOUT.png WIDTH HEIGHT OUT.png FONT.ttf BOLD.ttf
set -euo pipefail
cutout=$1 w=$2 h=$3 out=$4 font=$5 bold=$6
pw=$((w * 80 / 100)) ph=$((h * 62 / 100))
s=$((w / 40)) # type scale: 30 px at 1200
convert -size "${w}x${h}" xc:'#f4f1ec' \
  \( "$cutout" -resize "${pw}x${ph}" \( +clone -background '#00000060' -shadow 60x$((s / 2))+0+$((s / 3)) \) \
     +swap -background none -layers merge +repage \) -gravity north -geometry +0+$((h * 16 / 100)) -composite \
  -gravity northwest -fill '#1d1d1f' -font "$bold" -pointsize $((s * 2)) -annotate +$((s * 2))+$((s * 2)) 'Espresso cup' \
  -fill '#55555a' -font "$font" -pointsize $((s * 6 / 5)) -annotate +$((s * 2))+$((s * 9 / 2)) 'Porcelain, 90 ml' \
  -pointsize "$s" -annotate +$((s * 2))+$((h - s * 7)) '• Dishwasher safe' \
  -annotate +$((s * 2))+$((h - s * 5)) '• Stackable' -annotate +$((s * 2))+$((h - s * 3)) '• Gift box' \
  -fill '#d62d20' -draw "circle $((w - s * 4)),$((s * 4)) $((w - s * 4)),$((s * 2))" \
  -fill white -font "$bold" -pointsize "$s" -gravity northeast -annotate +$((s * 2 + s / 2))+$((s * 7 / 2)) 'New' \
  -define png:compression-level=6 "$out"
