"""Files of a public repository that a corpus importer reads: a clone's work tree, or a bare git
directory (as `git clone --bare` or `--mirror` leaves it), read at its HEAD."""

import argparse
import hashlib
import subprocess
from pathlib import Path


class Repository:
    def __init__(self, path):
        self.path = Path(path)
        self.bare = not (self.path / ".git").exists() and (self.path / "HEAD").exists()
        if not self.bare and not self.path.is_dir():
            raise SystemExit(f"{path}: not a clone nor a git directory")

    def git(self, *arguments):
        place = ["--git-dir", str(self.path)] if self.bare else ["-C", str(self.path)]
        return subprocess.run(["git", *place, *arguments], check=True, capture_output=True).stdout

    @property
    def commit(self):
        return self.git("rev-parse", "HEAD").decode().strip()

    def names(self, folder):
        """The paths of the files under `folder`, sorted."""
        listed = self.git("ls-tree", "-r", "--name-only", "HEAD", "--", folder).decode().splitlines()
        return sorted(listed)

    def read(self, name):
        if not self.bare:
            return (self.path / name).read_bytes()
        return self.git("show", f"HEAD:{name}")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def importer(doc, out=None, counts=()):
    """An importer's command line, parsed: CLONE, --out (required unless `out` is its default) and
    a --NAME N for each (name, default) of `counts`. Returns the arguments, the repository and
    the output folder, made."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("clone")
    parser.add_argument("--out", type=Path, default=out, required=out is None)
    for name, default in counts:
        parser.add_argument(f"--{name}", type=int, default=default)
    arguments = parser.parse_args()
    repository = Repository(arguments.clone)
    arguments.out.mkdir(parents=True, exist_ok=True)
    return arguments, repository
