#!/usr/bin/env bash
# make deb-test: installs the .deb with apt into a clean Debian 12 root (debootstrap, cached in
# DEB_TEST_CACHE, default .build/deb-test) and checks what a site sees: --version, doctor, a
# check-in as the memberdesk account, remove keeping the data, purge removing it.
# Needs root (chroot, mounts) and the network (debootstrap and apt fetch from deb.debian.org).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
mirror="${DEB_TEST_MIRROR:-http://deb.debian.org/debian}"
cache="${DEB_TEST_CACHE:-$PWD/.build/deb-test}"
base="$cache/bookworm-minbase.tar"
version="$(cat VERSION)"

step() { echo "deb-test: $*" >&2; }
fail() { echo "deb-test: FAILED: $*" >&2; exit 1; }

deb="$(bash scripts/build-deb.sh | tail -1)"
mkdir -p "$cache"
if [ ! -f "$base" ]; then
    step "debootstrap a clean Debian 12 root (once; cached in $base)"
    rm -rf "$cache/build-root"
    debootstrap --variant=minbase bookworm "$cache/build-root" "$mirror" >&2
    tar -C "$cache/build-root" -cf "$base.partial" . && mv "$base.partial" "$base"
    rm -rf "$cache/build-root"
fi

root="$(mktemp -d /tmp/memberdesk-deb-test.XXXXXX)"
cleanup() {
    for mount in proc dev/pts dev; do umount "$root/$mount" 2>/dev/null || true; done
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# No services start in the chroot (there is no systemd running there, as in a container build).
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 HOME=/root "$@"; }
as_desk() { in_root runuser -u memberdesk -- "$@"; }

step "apt install $(basename "$deb") and its dependencies"
in_root apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >&2

step "memberdesk --version"
[ "$(in_root memberdesk --version)" = "$version" ] || fail "--version is not $version"
step "the account and its folder"
in_root id memberdesk >&2 || fail "no memberdesk account"
[ "$(in_root stat -c '%U %a' /var/lib/memberdesk)" = "memberdesk 700" ] || fail "/var/lib/memberdesk is not memberdesk's, mode 700"
[ -f "$root/etc/memberdesk/config.toml" ] || fail "no /etc/memberdesk/config.toml"

step "a check-in as the memberdesk account, on /var/lib/memberdesk/members.sqlite"
as_desk memberdesk members add --pass 04A23B1C --name "Ann Lee" >&2
as_desk memberdesk checkin 04A23B1C | grep -q "Welcome back, Ann Lee" || fail "no check-in"
[ "$(in_root stat -c '%U %a' /var/lib/memberdesk/members.sqlite)" = "memberdesk 600" ] || fail "the database is not memberdesk's, mode 600"
as_desk memberdesk backup >&2
ls "$root"/var/lib/memberdesk/backups/members-*.sqlite >/dev/null || fail "no backup"

step "memberdesk doctor (pcscd is not running in the chroot: a problem, said in one line)"
set +e
doctor="$(as_desk memberdesk doctor)"
status=$?
set -e
echo "$doctor" >&2
[ "$status" -eq 1 ] || fail "doctor exited $status, not 1 (pcscd is not running)"
echo "$doctor" | grep -q "^ok *database *intact" || fail "doctor did not find the database intact"
echo "$doctor" | grep -q "^problem *pcscd" || fail "doctor did not report pcscd"

step "dpkg --remove keeps the member data and the config"
in_root dpkg --remove memberdesk >&2
[ ! -e "$root/usr/bin/memberdesk" ] || fail "/usr/bin/memberdesk is still there"
[ -f "$root/var/lib/memberdesk/members.sqlite" ] || fail "remove deleted the database"
[ -f "$root/etc/memberdesk/config.toml" ] || fail "remove deleted the conffile"

step "dpkg --purge removes them"
in_root dpkg --purge memberdesk >&2
[ ! -e "$root/var/lib/memberdesk" ] || fail "purge left /var/lib/memberdesk"
[ ! -e "$root/etc/memberdesk" ] || fail "purge left /etc/memberdesk"

step "passed in $(( $(date +%s) - started )) s"
