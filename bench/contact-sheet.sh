#!/usr/bin/env bash
# Renders every template x ratio x 3 variants into a folder plus sheet.png.
# Usage: bench/contact-sheet.sh [out-dir] [photo.jpg|png|webp, "" for a synthetic one] [title] [subtitle] [facts;separated] [badge]
#        bench/contact-sheet.sh limits|scripts [out-dir]   texts at the API limits / in every supported script
#        bench/contact-sheet.sh zh|zh-hant|ja|ko|kk|ar [out-dir]  a card in Chinese (Simplified, Traditional), Japanese,
#                                   Korean, Kazakh, Arabic; subtitle and badge left for the service to fill in that language
#        bench/contact-sheet.sh steered [out-dir] [scene | family/PRODUCT/n]  the cards of an upload's own alpha, a box hint and a corrected mask
set -euo pipefail
cd "$(dirname "$0")/.."
PAGE=""
if [ "${1:-}" = steered ]; then
  shift
  ./mvnw -q test-compile -Dquarkus.generate-code.skip=true
  [ -f target/cp.txt ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
  exec java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
    dev.cardgen.bench.SteeredContactSheet "${1:-target/contact-sheet-steered}" ${2:+"$2"}
fi
case "${1:-}" in limits|scripts|zh|zh-hant|ja|ko|kk|ar) PAGE="$1"; shift ;; esac
OUT="${1:-target/contact-sheet${PAGE:+-$PAGE}}"; shift || true
rep() { local s=""; while [ "${#s}" -lt "$2" ]; do s="$s$1"; done; printf '%s' "${s:0:$2}" | sed 's/ *$//'; }
if [ "$PAGE" = limits ]; then
  set -- "" "$(rep 'Waterproof breathable membrane jacket ' 120)" "$(rep 'Lightweight shell for hiking and city ' 160)" \
    "$(rep '1 Sealed seams and adjustable hood ' 80);$(rep '2 Pit zips for ventilation on climbs ' 80);$(rep '3 Packs into its own chest pocket ' 80);$(rep 'W' 80);$(rep '5 Recycled nylon face fabric ' 80);$(rep '6 Reflective trims front and back ' 80)" \
    "$(rep 'LIMITED EDITION ' 24)"
elif [ "$PAGE" = scripts ]; then
  set -- "" "سترة مقاومة للماء Gore-Tex 2024" "מעיל עמיד למים · Водонепроницаемая куртка · Αδιάβροχο" \
    "जलरोधक हल्की जैकेट;เสื้อกันน้ำน้ำหนักเบา;წყალგაუმტარი ქურთუკი;անջրանցիկ բաճկոն;Café naïve Zoë Å" "جديد NEW"
elif [ "$PAGE" = zh ]; then
  set -- "" "不锈钢保温杯（750毫升），24小时保冷" "" "食品级304不锈钢;容量750ml;一键开盖" ""
elif [ "$PAGE" = zh-hant ]; then
  set -- "" "不鏽鋼保溫杯（750毫升），24小時保冷" "雙層真空結構，輕便耐用，「熱賣」款" "食品級304不鏽鋼;容量750ml;一鍵開蓋" ""
elif [ "$PAGE" = ja ]; then
  set -- "" "ステンレス水筒「軽量」750ml、直飲みタイプ" "" "24時間保冷;食洗機対応;骨のように軽い" ""
elif [ "$PAGE" = ko ]; then
  set -- "" "스테인리스 보온병 750ml, 똠얌 수프도 OK" "이중 진공 구조로 차가움이 오래 갑니다" "24시간 보냉;식기세척기 사용 가능;가벼운 무게" ""
elif [ "$PAGE" = kk ]; then
  set -- "" "Болат термос, 750 мл, қоңыр түсті" "" "24 сағат суық;Ыдыс жуғышқа болады;Жеңіл" ""
elif [ "$PAGE" = ar ]; then
  set -- "" "زجاجة ماء من الفولاذ 750 مل" "" "تحافظ على البرودة 24 ساعة;آمنة لغسالة الصحون" ""
fi
# generate-code is skipped: the render engine needs no Quarkus build step.
./mvnw -q test-compile -Dquarkus.generate-code.skip=true
[ -f target/cp.txt ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
java -Djava.awt.headless=true -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
  dev.cardgen.bench.ContactSheetFromPhoto "$OUT" "$@"
