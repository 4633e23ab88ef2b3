#!/usr/bin/env bash
# Wallet passes: `memberdesk wallet apple --all` for 10,000 members beside the same passes made by
# a shell loop of `openssl cms -sign` and `zip` with the same certificate (goal: ratio <= 0.2),
# and the command's peak memory (goal: RSS < 100 MB). The reference loop signs and zips the very
# files memberdesk wrote (pass.json and icons unzipped from its passes beforehand, untimed), so
# both runs make the same passes.
set -euo pipefail
N="${WALLET_BENCH_MEMBERS:-10000}"
BIN="$(cd "${BIN:-.build/release}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

# A test CA: root -> "WWDR" intermediate -> pass certificate (RSA 2048, as Apple issues).
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > ca.ext
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' > leaf.ext
openssl req -x509 -newkey rsa:2048 -nodes -keyout root.key -out root.pem -subj "/CN=Bench Root" -days 30 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout wwdr.key -out wwdr.csr -subj "/CN=Bench WWDR" 2>/dev/null
openssl x509 -req -in wwdr.csr -CA root.pem -CAkey root.key -CAcreateserial -out wwdr.pem -days 30 -extfile ca.ext 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout pass.key -out pass.csr -subj "/UID=pass.bench/CN=Pass Type ID: pass.bench/OU=BENCH12345" 2>/dev/null
openssl x509 -req -in pass.csr -CA wwdr.pem -CAkey wwdr.key -CAcreateserial -out pass.pem -days 30 -extfile leaf.ext 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out nfc.pem
chmod 600 pass.key nfc.pem
cat > config.toml <<TOML
[wallet]
organization = "Bench Club"
[wallet.apple]
pass_type_id = "pass.bench"
team_id = "BENCH12345"
certificate = "$work/pass.pem"
key_file = "$work/pass.key"
wwdr_certificate = "$work/wwdr.pem"
nfc_key_file = "$work/nfc.pem"
TOML

# N members through the spreadsheet CSV import (untimed).
{
  printf 'Member ID,Pass ID,Name,Added,Visits,Last visit\n'
  for i in $(seq 1 "$N"); do printf 'M%06d,04B%06X,Member %d,2026-01-01T10:00:00Z,0,\n' "$i" "$i" "$i"; done
} > members.csv
export MEMBERDESK_DB="$work/members.sqlite" MEMBERDESK_CONFIG="$work/config.toml"
"$BIN/memberdesk" import members.csv --format csv --yes >/dev/null

# memberdesk: every pass, its peak RSS from GNU time.
start=$(date +%s.%N)
/usr/bin/time -f '%M' -o rss.txt "$BIN/memberdesk" wallet apple --all --out "$work/ours" >/dev/null
ours=$(awk "BEGIN { print $(date +%s.%N) - $start }")
rss_kb=$(tail -1 rss.txt)
count=$(ls ours | wc -l)
[ "$count" -eq "$N" ] || { echo "wallet: wrote $count passes, not $N" >&2; exit 1; }

# The reference: the same files, signed by openssl cms and zipped by zip, one process pair a pass.
mkdir ref stage
for f in ours/*.pkpass; do
  d="stage/$(basename "$f" .pkpass)"
  mkdir "$d" && unzip -q "$f" pass.json icon.png icon@2x.png manifest.json -d "$d"
done
start=$(date +%s.%N)
for d in stage/*; do
  openssl cms -sign -binary -in "$d/manifest.json" -signer pass.pem -inkey pass.key -certfile wwdr.pem \
    -outform DER -out "$d/signature"
  (cd "$d" && zip -q "$work/ref/$(basename "$d").pkpass" pass.json icon.png icon@2x.png manifest.json signature)
done
reference=$(awk "BEGIN { print $(date +%s.%N) - $start }")

ratio=$(awk "BEGIN { print $ours / $reference }")
printf 'wallet apple --all, %d passes: %.2f s (%.2f ms a pass), peak RSS %d MB\n' "$N" "$ours" \
  "$(awk "BEGIN { print $ours * 1000 / $N }")" "$((rss_kb / 1024))"
printf 'reference (openssl cms -sign + zip, a pass each): %.2f s\n' "$reference"
printf 'ratio %.3f (goal <= 0.2); RSS goal < 100 MB\n' "$ratio"
