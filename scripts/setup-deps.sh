#!/usr/bin/env bash
# Installs the Debian packages memberdesk builds and tests against, only when missing
# (dpkg-dev, lintian, systemd and debootstrap build and check the .deb: make deb, make deb-test;
# libcurl4-openssl-dev: the statically linked Foundation links libcurl; chromium: the report test
# opens the report in a real browser; mosquitto, mosquitto-clients, libmosquitto-dev and openssl:
# the MQTT client and its tests' broker and certificates; faketime: end-to-end tests over days, and the
# clock-jump tests that step a running desk's clock; libreoffice-calc-nogui: the spreadsheet round trip
# test opens and saves an exported .csv in Calc; zlib1g-dev: ZIPFoundation's zlib for the wallet's
# .pkpass; zip and unzip: the wallet's tests and its bench's reference run; libjpeg62-turbo-dev,
# libpng-dev and libchafa-dev: members' photos and the banner's picture of them; xterm, xvfb,
# x11-apps, xdotool and imagemagick: the test that draws the photo as sixel in a real xterm and
# takes a screenshot of it; gettext: msgfmt builds the translations' .mo files; locales: the
# desk's tests in German and Chinese run under de_DE.UTF-8 and zh_CN.UTF-8, generated below); nginx: the pass web service behind nginx, as docs/wallet.md sets it up.
set -euo pipefail
PKGS="libncursesw5-dev libpcsclite-dev libsqlite3-dev libbluetooth-dev libjavascriptcoregtk-4.1-dev pcscd vsmartcard-vpcd pcsc-tools bluez sqlite3 tmux syncthing dpkg-dev lintian systemd debootstrap binutils libcurl4-openssl-dev chromium mosquitto mosquitto-clients libmosquitto-dev openssl libsodium-dev libicu-dev faketime libreoffice-calc-nogui zlib1g-dev zip unzip libjpeg62-turbo-dev libpng-dev libchafa-dev xterm xvfb x11-apps xdotool imagemagick gettext locales nginx"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
# The locales the translated desk is tested under, generated once (locale -a lists them as "de_DE.utf8").
generate_locales() {
  local wanted="" name
  for name in de_DE zh_CN; do
    locale -a 2>/dev/null | grep -qx "$name.utf8" || wanted="$wanted $name"
  done
  [ -z "$wanted" ] && return 0
  echo "setup: generating locales:$wanted" >&2
  for name in $wanted; do
    grep -qx "$name.UTF-8 UTF-8" /etc/locale.gen 2>/dev/null || echo "$name.UTF-8 UTF-8" | $SUDO tee -a /etc/locale.gen >/dev/null
  done
  $SUDO locale-gen >&2
}
if [ -z "$missing" ]; then generate_locales; exit 0; fi
echo "setup: installing Debian packages:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# pcscd's maintainer scripts try to start the service; tests start their own.
$SUDO apt-get install -y -qq --no-install-recommends $missing >&2
generate_locales
