#!/usr/bin/env bash
# make translations: checks po/ and compiles it into .build/locale/<lang>/LC_MESSAGES/memberdesk.mo
# (where a build tree's memberdesk finds it). Fails when the template is out of date with the
# sources, or a language's .po is not complete (a message missing, untranslated or fuzzy) or
# does not compile under msgfmt --check. The pseudo-locale (en@pseudo) is generated, never edited.
set -euo pipefail
cd "$(dirname "$0")/.."
# LOCALE_OUT and PO_DIR: the tests compile a copy elsewhere (TranslationFilesTests).
OUT="${LOCALE_OUT:-.build/locale}"
PO="${PO_DIR:-po}"
python3 scripts/extract-messages.py --check --pot "$PO/memberdesk.pot"
mkdir -p "$OUT"
python3 scripts/pseudo-po.py "$PO/memberdesk.pot" > "$OUT/en@pseudo.po"
failed=0
for po in "$PO"/*.po "$OUT/en@pseudo.po"; do
  lang="$(basename "$po" .po)"
  mkdir -p "$OUT/$lang/LC_MESSAGES"
  # msgcmp: every message of the template has a translation here (untranslated and fuzzy count as none).
  if ! msgcmp "$po" "$PO/memberdesk.pot" 2>"$OUT/$lang/msgcmp.log"; then
    echo "translations: $po lacks messages of $PO/memberdesk.pot:" >&2
    head -20 "$OUT/$lang/msgcmp.log" >&2
    failed=1
    continue
  fi
  stats="$(msgfmt --check --statistics -o "$OUT/$lang/LC_MESSAGES/memberdesk.mo" "$po" 2>&1)" || {
    echo "translations: $po does not compile: $stats" >&2
    failed=1
    continue
  }
  case "$stats" in
    *fuzzy*|*untranslated*) echo "translations: $po is not complete: $stats" >&2; failed=1 ;;
    *) echo "translations: $lang: $stats" ;;
  esac
done
exit $failed
