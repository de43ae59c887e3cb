#!/bin/bash
# Builds filterocr's Debian package from a built binary, its manual pages, its shell
# completions and the OCRmyPDF plugin, then checks it with lintian (an error fails the build).
#
#   scripts/deb/build-deb.sh --binary .build/release/filterocr --manual .build/manual \
#       --completions .build/completions --plugin integrations/ocrmypdf/filterocr_ocrmypdf \
#       --output .build/deb
#
# writes OUTPUT/filterocr_VERSION_ARCH.deb (VERSION from `filterocr --version`, ARCH from
# `dpkg --print-architecture`) and prints its path last. Everything is installed under /usr:
# the binary stripped, the manual pages gzipped, the completions where Debian's bash, zsh and
# fish look, the plugin in /usr/lib/python3/dist-packages (Debian's python3 and ocrmypdf).
# Depends is dpkg-shlibdeps's reading of the binary plus the Tesseract data it reads with;
# OCRmyPDF and python3 are only suggested: the plugin is for whichever OCRmyPDF and Python are
# there, and paperless-ngx's image runs OCRmyPDF from pip under a Python of its own, where
# depending on Debian's would install a second Python and OCRmyPDF for nothing.
# Needs dpkg-dev, fakeroot and lintian (the Makefile's DEB_PACKAGES).
set -euo pipefail

usage() {
    echo "usage: $0 --binary FILE --manual DIR --completions DIR --plugin DIR --output DIR" >&2
    exit 2
}

binary='' manual='' completions='' plugin='' output=''
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
        --binary) binary=$2 ;;
        --manual) manual=$2 ;;
        --completions) completions=$2 ;;
        --plugin) plugin=$2 ;;
        --output) output=$2 ;;
        *) usage ;;
    esac
    shift 2
done
for value in "$binary" "$manual" "$completions" "$plugin" "$output"; do
    [ -n "$value" ] || usage
done

fail() {
    echo "build-deb: $*" >&2
    exit 1
}

[ -x "$binary" ] || fail "no executable filterocr at $binary"
compgen -G "$manual/*.1" > /dev/null || fail "no manual pages (*.1) in $manual"
for file in filterocr.bash _filterocr filterocr.fish; do
    [ -f "$completions/$file" ] || fail "no $file in $completions"
done
[ -f "$plugin/__init__.py" ] || fail "no __init__.py in $plugin"
for tool in dpkg-deb dpkg-shlibdeps fakeroot lintian strip; do
    command -v "$tool" > /dev/null || fail "$tool is missing (apt-get install dpkg-dev fakeroot lintian binutils)"
done

package=filterocr
# `filterocr --version` prints "filterocr 0.1.0 (Tesseract 5.3.0)".
version=$("$binary" --version | awk '$1 == "filterocr" { print $2; exit }')
[[ $version =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || fail "cannot read a version from '$binary --version'"
arch=$(dpkg --print-architecture)
deb="$package"_"$version"_"$arch".deb

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/debian/filterocr"
umask 022

# The binary, without its symbols and debugging information (as dh_strip strips), which
# must still run.
install -D -m 755 "$binary" "$root/usr/bin/filterocr"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$root/usr/bin/filterocr"
"$root/usr/bin/filterocr" --version > /dev/null || fail "the stripped binary does not run"

install -d "$root/usr/share/man/man1"
for page in "$manual"/*.1; do
    name=$(basename "$page")
    gzip -9n < "$page" > "$root/usr/share/man/man1/$name.gz"
done
chmod 644 "$root"/usr/share/man/man1/*.gz

# bash-completion sources the file: the generated script's #! line has no use there.
install -d "$root/usr/share/bash-completion/completions"
sed '1{/^#!/d}' "$completions/filterocr.bash" > "$root/usr/share/bash-completion/completions/filterocr"
chmod 644 "$root/usr/share/bash-completion/completions/filterocr"
install -D -m 644 "$completions/_filterocr" "$root/usr/share/zsh/vendor-completions/_filterocr"
install -D -m 644 "$completions/filterocr.fish" "$root/usr/share/fish/vendor_completions.d/filterocr.fish"

install -D -m 644 "$plugin/__init__.py" "$root/usr/lib/python3/dist-packages/filterocr_ocrmypdf/__init__.py"

doc="$root/usr/share/doc/$package"
install -d "$doc"
here=$(cd "$(dirname "$0")" && pwd)
install -m 644 "$here/copyright" "$doc/copyright"
# A native package's changelog: one entry for this version, dated by SOURCE_DATE_EPOCH when
# set (reproducible builds), else now.
date=$(LC_ALL=C date -R ${SOURCE_DATE_EPOCH:+-d "@$SOURCE_DATE_EPOCH"})
# DEB_MAINTAINER names whoever builds the package; the default is well formed and reaches no
# one (.invalid, RFC 2606).
maintainer=${DEB_MAINTAINER:-"filterocr authors <filterocr@filterocr.invalid>"}
cat > "$work/changelog" << EOF
$package ($version) unstable; urgency=medium

  * filterocr $version: the command-line tool, its manual pages, its bash, zsh and
    fish completions and its OCRmyPDF plugin.

 -- $maintainer  $date
EOF
gzip -9n < "$work/changelog" > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps reads the packages of the libraries the binary loads, and needs a source
# tree's debian/control with the package in debian/PACKAGE: the staging folder is laid out so.
install -d "$root/DEBIAN"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e debian/filterocr/usr/bin/filterocr | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || fail "dpkg-shlibdeps found no dependencies for the binary"

cat > "$root/DEBIAN/control" << EOF
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $shlibs, tesseract-ocr-eng, tesseract-ocr-osd
Suggests: ocrmypdf, python3
Enhances: ocrmypdf
Section: graphics
Priority: optional
Description: OCR that chooses the image filters that read each page best
 filterocr reads images, PDFs and TIFFs with Tesseract after filters that
 clean, sharpen, binarise, straighten or flatten the page, and can choose
 those filters for each page itself by reading it several ways and scoring
 the readings (--auto). It writes text, hOCR, JSON reports and searchable
 PDFs, reads folders in batches or as they fill (watch), keeps what it read
 in a result store, and has an interactive shell and a web workbench.
 .
 The package includes the manual pages, bash, zsh and fish completions,
 and filterocr_ocrmypdf, a plugin that makes filterocr OCRmyPDF's OCR
 engine (ocrmypdf --plugin filterocr_ocrmypdf).
EOF

# Byte-compiled and cleaned by the python3 tools that Debian's Python packages use, so that a
# __pycache__ written by the plugin's first import does not outlive the package.
cat > "$root/DEBIAN/postinst" << 'EOF'
#!/bin/sh
set -e
if [ "$1" = configure ] && command -v py3compile > /dev/null 2>&1; then
    py3compile -p filterocr
fi
EOF
cat > "$root/DEBIAN/prerm" << 'EOF'
#!/bin/sh
set -e
if command -v py3clean > /dev/null 2>&1; then
    py3clean -p filterocr
else
    rm -rf /usr/lib/python3/dist-packages/filterocr_ocrmypdf/__pycache__
fi
EOF
chmod 755 "$root/DEBIAN/postinst" "$root/DEBIAN/prerm"

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$output"
fakeroot dpkg-deb -Zxz --root-owner-group --build "$root" "$output/$deb" > /dev/null

# lintian's errors fail the build; its warnings and notes are printed.
status=0
lintian --tag-display-limit 0 "$output/$deb" > "$work/lintian" 2>&1 || status=$?
cat "$work/lintian" >&2
if grep -q '^E: ' "$work/lintian"; then
    rm -f "$output/$deb"
    fail "lintian reports errors in $deb (above); the package was removed"
elif [ "$status" -ne 0 ]; then
    rm -f "$output/$deb"
    fail "lintian could not check $deb (exit status $status)"
fi
echo "$output/$deb"
