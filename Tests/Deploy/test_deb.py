"""The Debian package `make deb` builds, installed with apt-get and used from its installed
files alone: /usr/bin/filterocr by its full path with PATH=/usr/bin:/bin and no PYTHONPATH,
its manual pages through man, the OCRmyPDF plugin through Debian's /usr/bin/ocrmypdf, and the
binary with the Swift toolchain hidden. The package is removed at the end, failed or not, and
its files must be gone.

The package is $FILTEROCR_DEB, else the one .build/deb/filterocr_*_ARCH.deb; without one the
tests fail (run `make deb`). They install as root, through sudo when not root, and refuse to
run where filterocr is installed from a package already, rather than remove that install."""

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUDO = [] if os.geteuid() == 0 else ["sudo", "-n"]
ARCH = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
PROGRAM = "/usr/bin/filterocr"
PLUGIN = Path("/usr/lib/python3/dist-packages/filterocr_ocrmypdf/__init__.py")
# The book page of images/ (letter size at 300 dpi) and words of its first lines.
PAGE = ROOT / "images" / "book_page.png"
WORDS = ["PRIDE", "PREJUDICE", "universally", "acknowledged", "fortune"]
# Where the Swift toolchain lives on the machines that build filterocr (the swift on PATH).
SWIFT_TOOLCHAINS = ["/opt/swift"]


def package_file():
    named = os.environ.get("FILTEROCR_DEB")
    if named:
        deb = Path(named)
        assert deb.is_file(), f"FILTEROCR_DEB names {deb}, which does not exist: run `make deb`"
        return deb
    found = sorted((ROOT / ".build" / "deb").glob(f"filterocr_*_{ARCH}.deb"))
    assert found, f"no Debian package in {ROOT / '.build' / 'deb'}: run `make deb` (or set FILTEROCR_DEB)"
    assert len(found) == 1, f"several packages in .build/deb, set FILTEROCR_DEB to one: {found}"
    return found[0]


def installed_version():
    """The version of filterocr dpkg has installed, or None."""
    result = subprocess.run(["dpkg-query", "-W", "-f=${Status}\t${Version}", "filterocr"], capture_output=True,
                            text=True)
    status, _, version = result.stdout.partition("\t")
    return version if result.returncode == 0 and status.endswith(" installed") else None


def clean_environment(home):
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "FILTEROCR_STORE": "none"}


def text_of(pdf):
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def missing_words(text):
    return [word for word in WORDS if word not in text]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("deb")


@pytest.fixture(scope="module")
def package(folder):
    """The package installed with apt-get for the module's tests, then removed; yields its
    version. After the removal, none of its files may be left."""
    deb = package_file()
    version = subprocess.run(["dpkg-deb", "-f", str(deb), "Version"], capture_output=True, text=True,
                             check=True).stdout.strip()
    before = installed_version()
    if before is not None:
        pytest.fail(f"filterocr {before} is installed from a package already: this test installs {deb.name} "
                    "and removes it after, so it does not run over that install (apt-get remove filterocr first)")
    listing = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], capture_output=True, check=True).stdout
    files = subprocess.run(["tar", "-t"], input=listing, capture_output=True, check=True).stdout.decode().split()
    files = ["/" + name.removeprefix("./") for name in files if not name.endswith("/")]
    assert PROGRAM in files and str(PLUGIN) in files, files
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        install = subprocess.run([*SUDO, "apt-get", "install", "-y", "--no-install-recommends", str(deb.resolve())],
                                 capture_output=True, text=True, env=environment)
        assert install.returncode == 0, install.stdout + install.stderr
        assert installed_version() == version
        yield version
    finally:
        removal = subprocess.run([*SUDO, "apt-get", "remove", "-y", "filterocr"], capture_output=True, text=True,
                                 env=environment)
        assert removal.returncode == 0, removal.stdout + removal.stderr
        assert installed_version() is None
        left = [name for name in files if os.path.lexists(name)]
        assert left == [], f"files of the package left after its removal: {left}"
        # The plugin's folder, with any __pycache__ its import wrote, goes with it.
        assert not PLUGIN.parent.exists(), sorted(map(str, PLUGIN.parent.rglob("*")))


def test_the_installed_binary_prints_its_version_and_is_stripped(package, folder):
    run = subprocess.run([PROGRAM, "--version"], capture_output=True, text=True, env=clean_environment(folder))
    assert run.returncode == 0, run.stderr
    assert re.match(rf"filterocr {re.escape(package)} \(Tesseract \d", run.stdout), run.stdout
    sections = subprocess.run(["readelf", "-S", "-W", PROGRAM], capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections and ".debug_info" not in sections, "the installed binary is not stripped"


def searchable_pdf(output):
    return [PROGRAM, "ocr", "--format", "pdf", "-o", str(output), str(PAGE)]


def test_the_installed_binary_makes_a_searchable_pdf(package, folder):
    out = folder / "book.pdf"
    run = subprocess.run(searchable_pdf(out), capture_output=True, text=True, env=clean_environment(folder))
    assert run.returncode == 0, run.stderr
    assert missing_words(text_of(out)) == [], text_of(out)


def test_the_manual_pages_are_found_and_rendered_by_man(package, folder):
    environment = {**clean_environment(folder), "MANPAGER": "cat", "MANWIDTH": "80"}
    for page in ("filterocr", "filterocr.ocr"):
        where = subprocess.run(["man", "-w", page], capture_output=True, text=True, env=environment)
        assert where.returncode == 0, where.stderr
        assert where.stdout.strip() == f"/usr/share/man/man1/{page}.1.gz", where.stdout
    shown = subprocess.run(["man", "--nh", "--nj", "filterocr.ocr"], capture_output=True, text=True, env=environment)
    assert shown.returncode == 0, shown.stderr
    text = re.sub(r".\x08", "", shown.stdout)  # overstrike, should the formatter leave any
    assert text.startswith("FILTEROCR.OCR(1)"), text[:200]
    assert re.search(r"NAME\s+filterocr ocr\s", text), text[:400]
    assert "--format" in text, text
    # OCRmyPDF's words, as --help says them (man asked not to hyphenate them: --nh).
    flat = " ".join(text.split())
    for words in ("-l, --lang, --language", "--sidecar", "--optimize", "the file's extension names the format",
                  "not PDF/A"):
        assert words in flat, words


def test_debians_ocrmypdf_reads_through_the_installed_plugin(package, folder):
    environment = clean_environment(folder)
    imported = subprocess.run(["/usr/bin/python3", "-c", "import filterocr_ocrmypdf; print(filterocr_ocrmypdf.__file__)"],
                              capture_output=True, text=True, env=environment)
    assert imported.returncode == 0, imported.stderr
    if Path(imported.stdout.strip()) != PLUGIN:
        pytest.fail(f"Debian's python3 imports filterocr_ocrmypdf from {imported.stdout.strip()}, not from the "
                    f"package's {PLUGIN}: a copy installed by `make install` (under /usr/local) shadows it; "
                    "remove it (make uninstall) to test the package")
    scan = folder / "scan.pdf"
    subprocess.run(["img2pdf", "--imgsize", "300dpi", str(PAGE), "-o", str(scan)], check=True)
    out = folder / "scan-ocr.pdf"
    run = subprocess.run(["/usr/bin/ocrmypdf", "--plugin", "filterocr_ocrmypdf", "--filterocr-auto-budget", "4",
                          str(scan), str(out)], capture_output=True, text=True, env=environment)
    assert run.returncode == 0, run.stderr
    # The plugin found the installed binary on PATH, and read the page with it.
    assert f"filterocr {PROGRAM}: --auto (budget 4)" in run.stderr, run.stderr
    assert re.search(r"000001_ocr\.png: filterocr auto: ", run.stderr), run.stderr
    assert missing_words(text_of(out)) == [], text_of(out)


def test_the_installed_binary_needs_no_swift(package, folder):
    libraries = subprocess.run(["ldd", PROGRAM], capture_output=True, text=True, check=True).stdout
    assert "not found" not in libraries, libraries
    assert not re.search(r"swift|libFoundation|libdispatch|libBlocksRuntime", libraries, re.I), libraries
    toolchains = [t for t in SWIFT_TOOLCHAINS if os.path.isdir(t)]
    found = subprocess.run(["sh", "-c", "command -v swift"], capture_output=True, text=True).stdout.strip()
    if found:
        toolchain = str(Path(found).resolve().parents[2])  # TOOLCHAIN/usr/bin/swift
        if toolchain not in toolchains and toolchain not in ("/", "/usr"):
            toolchains.append(toolchain)
    # Each toolchain folder under an empty tmpfs, in a mount namespace of the command's own.
    hide = "".join(f"mount -t tmpfs none {shlex.quote(t)} && " for t in toolchains)
    gone = "".join(f"[ -z \"$(ls -A {shlex.quote(t)})\" ] && " for t in toolchains)
    out = folder / "no-swift.pdf"
    script = f"{hide}{gone}{PROGRAM} --version && {shlex.join(searchable_pdf(out))}"
    run = subprocess.run([*SUDO, "unshare", "-m", "sh", "-c", script], capture_output=True, text=True,
                         env=clean_environment(folder))
    assert run.returncode == 0, (script, run.stderr)
    assert run.stdout.startswith(f"filterocr {package} "), run.stdout
    assert missing_words(text_of(out)) == [], text_of(out)
