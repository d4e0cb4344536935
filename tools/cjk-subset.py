#!/usr/bin/python3
"""Makes the CJK fonts of src/main/resources/fonts from Debian's fonts-noto-cjk (Noto Sans CJK, OFL-1.1).

One subset per region and weight, each keeping that region's own glyph forms (the regional fonts of the
collection share one glyph table and map the same code point to different glyphs):
  SC  GB 2312 (6 763 hanzi and its symbols)                      collection index 2
  TC  Big5 symbols and level 1 (5 401 common hanzi)              collection index 3
  JP  JIS X 0208 (6 355 kanji, kana, symbols) + all kana         collection index 0
  KR  KS X 1001 without its hanja + all 11 172 modern Hangul + compatibility jamo   index 1
plus, in each, CJK punctuation U+3000-303F and the full- and half-width forms U+FF01-FFEF. Code points
below U+2000 are left out: Roboto draws Latin, Greek and Cyrillic first. Korean hanja (KS X 1001's
4 888, 2.4 MB per weight) are left out: sellers write Hangul; a hanja is drawn by the TC subset.

Run as root on Debian 12:  apt-get install fonts-noto-cjk fonttools && tools/cjk-subset.py src/main/resources/fonts
(fonttools 4.38.0, fonts-noto-cjk 1:20220127+repack1-1). Each subset is
  pyftsubset NotoSansCJK-<Weight>.ttc --font-number=<index> --unicodes-file=<region>.txt --no-hinting \
      --output-file=NotoSansCJK<region>-<Weight>.otf
with the default layout features (kern, locl, vert, ... as pyftsubset keeps them).
"""
import os
import subprocess
import sys
import tempfile

SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc'
INDEX = {'sc': 2, 'tc': 3, 'jp': 0, 'kr': 1}


def two_byte(codec, leads, trails):
    out = set()
    for a in leads:
        for b in trails:
            try:
                s = bytes([a, b]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(s) == 1:
                out.add(ord(s))
    return out


def han(cp):
    return 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF


def charsets():
    shared = set(range(0x3000, 0x3040)) | set(range(0xFF01, 0xFFF0))
    gb2312 = two_byte('gb2312', range(0xA1, 0xF8), range(0xA1, 0xFF))
    big5_level1 = two_byte('big5', range(0xA1, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
    jisx0208 = two_byte('euc_jp', range(0xA1, 0xF5), range(0xA1, 0xFF))
    ksx1001 = two_byte('euc_kr', range(0xA1, 0xFE), range(0xA1, 0xFF))
    kana = set(range(0x3040, 0x3100)) | set(range(0x31F0, 0x3200))
    hangul = set(range(0xAC00, 0xD7A4)) | set(range(0x3130, 0x3190))
    sets = {
        'sc': gb2312 | shared,
        'tc': big5_level1 | shared,
        'jp': jisx0208 | kana | shared,
        'kr': {c for c in ksx1001 if not han(c)} | hangul | shared,
    }
    return {k: sorted(c for c in v if c >= 0x2000) for k, v in sets.items()}


def main(out_dir):
    with tempfile.TemporaryDirectory() as tmp:
        for region, cps in charsets().items():
            listing = os.path.join(tmp, region + '.txt')
            with open(listing, 'w') as f:
                f.write('\n'.join('U+%04X' % c for c in cps) + '\n')
            for weight in ('Regular', 'Bold'):
                out = os.path.join(out_dir, 'NotoSansCJK%s-%s.otf' % (region, weight))
                subprocess.run(['pyftsubset', SOURCE.format(weight), '--font-number=%d' % INDEX[region],
                                '--unicodes-file=' + listing, '--no-hinting', '--output-file=' + out], check=True)
                print(out, len(cps), 'code points', os.path.getsize(out), 'bytes')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else '.')
