#!/usr/bin/env bash
# Builds memberdesk_<VERSION>_<arch>.deb with dpkg-deb from a release build, no network:
# the binary (Swift runtime linked in), man pages, shell completions, systemd units, the
# translations (.mo), the example config (a conffile) and the docs. Prints the .deb's path on its last line.
# Output folder: DEB_OUT (default .build/deb).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
# The man pages and completions are generated from the binary's --help: in English, whatever the builder speaks.
export LANGUAGE=C LC_ALL=C.UTF-8
version="$(cat VERSION)"
arch="$(dpkg --print-architecture)"
out="${DEB_OUT:-.build/deb}"
stage="$out/stage"
deb="$out/memberdesk_${version}_${arch}.deb"

fail() { echo "build-deb: $*" >&2; exit 1; }

changelog_version="$(head -1 packaging/debian/changelog | sed -n 's/^memberdesk (\([^)]*\)).*/\1/p')"
[ "$changelog_version" = "$version" ] || fail "packaging/debian/changelog's newest entry is $changelog_version, VERSION is $version"

# A scratch folder of its own: the static build's flags differ from `make build`/`make bench`,
# and sharing .build would rebuild everything each time one follows the other.
# Dependencies come from the checkouts cache, so this needs no network.
scratch="${DEB_SCRATCH:-.build/deb-build}"
build=("$SWIFT" build -c release --static-swift-stdlib --scratch-path "$scratch")
"${build[@]}" --product memberdesk >&2
# swift-argument-parser's generate-manual (what its `generate-manual` plugin runs), on this binary:
# memberdesk.1 and one page per subcommand, without a second release build.
"${build[@]}" --product generate-manual >&2
bin_dir="$("${build[@]}" --show-bin-path)"
binary="$bin_dir/memberdesk"
built_version="$("$binary" --version)"
[ "$built_version" = "$version" ] || fail "memberdesk --version says $built_version, VERSION says $version"
rm -rf "$out/man" && mkdir -p "$out/man"
"$bin_dir/generate-manual" "$binary" --multi-page --date "$(date -u -d "$(sed -n 's/^ -- .*>  //p' packaging/debian/changelog | head -1)" +%Y-%m-%d)" \
    --output-directory "$out/man" >&2

rm -rf "$stage"
install -d -m 0755 "$stage/DEBIAN"
install -D -m 0755 "$binary" "$stage/usr/bin/memberdesk"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/memberdesk"

install -d -m 0755 "$stage/usr/share/man/man1"
for page in "$out"/man/*.1; do
    gzip -9n < "$page" > "$stage/usr/share/man/man1/$(basename "$page").gz"
    chmod 0644 "$stage/usr/share/man/man1/$(basename "$page").gz"
done

completion() { "$stage/usr/bin/memberdesk" --generate-completion-script "$1"; }
install -d -m 0755 "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
    "$stage/usr/share/fish/vendor_completions.d"
completion bash | sed "1{/^#!/d}" > "$stage/usr/share/bash-completion/completions/memberdesk"
completion zsh > "$stage/usr/share/zsh/vendor-completions/_memberdesk"
completion fish > "$stage/usr/share/fish/vendor_completions.d/memberdesk.fish"

install -d -m 0755 "$stage/lib/systemd/system"
install -m 0644 packaging/systemd/*.service packaging/systemd/*.timer "$stage/lib/systemd/system/"

# The translations (docs/languages.md), checked complete first; the pseudo-locale is the tests' alone.
bash scripts/translations.sh >&2
for po in po/*.po; do
    lang="$(basename "$po" .po)"
    install -d -m 0755 "$stage/usr/share/locale/$lang/LC_MESSAGES"
    msgfmt --check -o "$stage/usr/share/locale/$lang/LC_MESSAGES/memberdesk.mo" "$po"
    chmod 0644 "$stage/usr/share/locale/$lang/LC_MESSAGES/memberdesk.mo"
done

install -d -m 0755 "$stage/etc/memberdesk"
"$stage/usr/bin/memberdesk" config example > "$stage/etc/memberdesk/config.toml"
chmod 0644 "$stage/etc/memberdesk/config.toml"

doc="$stage/usr/share/doc/memberdesk"
install -d -m 0755 "$doc/docs"
install -m 0644 README.md "$doc/"
install -m 0644 docs/*.md "$doc/docs/"
install -m 0644 packaging/debian/copyright "$doc/copyright"
gzip -9n < packaging/debian/changelog > "$doc/changelog.gz"  # a native package: changelog, not changelog.Debian
chmod 0644 "$doc/changelog.gz"

install -d -m 0755 "$stage/usr/share/lintian/overrides"
install -m 0644 packaging/debian/lintian-overrides "$stage/usr/share/lintian/overrides/memberdesk"

install -m 0755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm "$stage/DEBIAN/"
install -m 0644 packaging/debian/conffiles "$stage/DEBIAN/"

# Depends: the shared libraries the binary links, as dpkg-shlibdeps finds them.
shlibs_dir="$out/shlibs"
rm -rf "$shlibs_dir" && mkdir -p "$shlibs_dir/debian"
printf 'Source: memberdesk\n\nPackage: memberdesk\nArchitecture: any\n' > "$shlibs_dir/debian/control"
shlibs="$(cd "$shlibs_dir" && dpkg-shlibdeps -O "$OLDPWD/$stage/usr/bin/memberdesk" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$shlibs" ] || fail "dpkg-shlibdeps found no libraries"
size="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@SHLIBS@/$shlibs/" \
    packaging/debian/control.in > "$stage/DEBIAN/control"
(cd "$stage" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control"

rm -f "$deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
echo "$deb"
