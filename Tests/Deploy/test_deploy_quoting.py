"""The deployment scripts run nothing of what they are given: names of lists, folders and
binaries, batch options and the engines' variables reach filterocr as words, never as shell
code, on this machine and over ssh; a share that fails makes the run fail. Every attack is run
for real, in a folder of its own, and the folder is searched for what it would have created."""

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ["FILTEROCR_BIN"]
SHARDS = ROOT / "deploy" / "parallel" / "shards.sh"
SLURM = ROOT / "deploy" / "slurm"
IMAGES = [str(ROOT / "images" / name) for name in ("sticker_alpha.png", "app_screenshot.png", "book_page.png")]
# A name that runs `touch PWNED` wherever a shell reads it unquoted, and that holds GNU
# parallel's own syntax ({} is replaced, ::: starts an input source).
HOSTILE = "list $(touch PWNED) `touch PWNED` {} ::: ;touch PWNED"


def environment(folder, **extra):
    return {**os.environ, "FILTEROCR": BIN, "FILTEROCR_STORE": "none", "XDG_CACHE_HOME": str(folder), **extra}


def pwned(folder):
    """Whatever an attack created: files named PWNED or X anywhere under the folder."""
    return sorted(str(p) for p in Path(folder).rglob("*") if p.name in ("PWNED", "X"))


def write_list(folder, name, inputs=IMAGES):
    path = Path(folder) / name
    path.write_text("".join(i + "\n" for i in inputs))
    return path


def without_timings(text):
    return [{k: v for k, v in json.loads(line).items() if k != "timings"} for line in text.splitlines()]


def one_run(folder, *options, inputs=IMAGES):
    result = subprocess.run([BIN, "batch", "--no-store", "--no-feed", *options, *inputs], capture_output=True,
                            text=True, env=environment(folder))
    return without_timings(result.stdout)


def shards(folder, *arguments, **extra):
    return subprocess.run([str(SHARDS), *arguments], cwd=folder, capture_output=True, text=True,
                          env=environment(folder, **extra))


def fake_ssh(folder):
    """An ssh that does what sshd does with a command: joins the words after the host with
    spaces and has the user's shell run them, with SHELL set to that login shell (parallel's
    remote worker runs its job with $SHELL), staying its parent until it ends (the worker stops
    its job, and exits 0, once it sees its parent gone). Each command is logged."""
    log = Path(folder) / "ssh.log"
    ssh = Path(folder) / "ssh"
    ssh.write_text(f"""#!/bin/bash
while [ $# -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift
printf '%s\\n' "$*" >> {str(log)!r}
SHELL=$(getent passwd "$(id -un)" | cut -d: -f7)
export SHELL=${{SHELL:-/bin/sh}}
bash -c "$*"
""")
    ssh.chmod(0o755)
    return ssh, log


def test_parallel_names_and_options_are_words_not_code():
    with tempfile.TemporaryDirectory() as folder:
        listed = write_list(folder, HOSTILE + ".txt")
        out = Path(folder) / ("out " + HOSTILE)
        result = shards(folder, str(listed), str(out), "2", "--", "--ops", "binarize; 75%")
        assert result.returncode == 0, result.stderr
        assert pwned(folder) == []
        merged = without_timings((out / "results.jsonl").read_text())
        assert [line["script"] for line in merged] == ["binarize; 75%"] * len(IMAGES)
        assert merged == one_run(folder, "--ops", "binarize; 75%")


def test_parallel_options_holding_shell_code_fail_the_run():
    with tempfile.TemporaryDirectory() as folder:
        listed = write_list(folder, "list.txt")
        out = Path(folder) / "out"
        result = shards(folder, str(listed), str(out), "2", "--", "--ops", "binarize; touch X")
        assert result.returncode != 0
        assert pwned(folder) == []
        assert "unknown command 'touch'" in result.stderr
        assert not (out / "results.jsonl").exists() and not (out / "part-0.jsonl").exists()


def test_parallel_a_failing_share_fails_the_run_and_merges_nothing():
    with tempfile.TemporaryDirectory() as folder:
        # A binary that dies on share 1 of 3 (as a crash or a full disk would), and is filterocr otherwise.
        wrapper = Path(folder) / "filterocr"
        wrapper.write_text(f"""#!/bin/bash
for argument in "$@"; do [ "$argument" = 1/3 ] && {{ echo "share 1 dies" >&2; exit 70; }}; done
exec {BIN} "$@"
""")
        wrapper.chmod(0o755)
        listed = write_list(folder, "list.txt")
        out = Path(folder) / "out"
        result = shards(folder, str(listed), str(out), "3", FILTEROCR=str(wrapper))
        assert result.returncode == 70, result.stderr
        assert "share 1/3: filterocr batch ended with status 70" in result.stderr
        assert (out / "part-1.jsonl.partial").exists() and not (out / "part-1.jsonl").exists()
        assert not (out / "results.jsonl").exists()


def test_parallel_inputs_that_cannot_be_read_exit_1_with_the_merge_written():
    with tempfile.TemporaryDirectory() as folder:
        text = Path(folder) / "notes.txt"
        text.write_text("not an image\n")
        inputs = IMAGES[:1] + [str(text)]
        listed = write_list(folder, "list.txt", inputs)
        out = Path(folder) / "out"
        result = shards(folder, str(listed), str(out), "2")
        assert result.returncode == 1, result.stderr
        merged = without_timings((out / "results.jsonl").read_text())
        assert [line["image"] for line in merged] == inputs and "error" in merged[1]


def test_parallel_over_ssh_quotes_the_remote_command():
    with tempfile.TemporaryDirectory() as folder:
        ssh, log = fake_ssh(folder)
        listed = write_list(folder, HOSTILE + ".txt")
        out = Path(folder) / ("out " + HOSTILE)
        result = shards(folder, str(listed), str(out), "3", "host1,host2", "--", "--ops", "binarize; 75%",
                        PARALLEL_SSH=str(ssh))
        shown = sorted(p.name for p in out.iterdir()) if out.is_dir() else "no output folder"
        assert result.returncode == 0, f"{result.stderr}\nssh ran:\n{log.read_text()}\n{out} holds {shown}"
        assert len(log.read_text().splitlines()) >= 3, "every share ran through ssh"
        assert pwned(folder) == []
        assert without_timings((out / "results.jsonl").read_text()) == one_run(folder, "--ops", "binarize; 75%")


def test_shard_counts_are_numbers_never_arithmetic():
    with tempfile.TemporaryDirectory() as folder:
        listed = write_list(folder, "list.txt")
        count = "x[$(touch PWNED)]"
        runs = [
            shards(folder, str(listed), str(Path(folder) / "out"), count),
            subprocess.run([str(SLURM / "merge.sbatch"), str(Path(folder) / "out"), count], cwd=folder,
                           capture_output=True, text=True, env=environment(folder)),
            # submit.sh refuses before it calls sbatch.
            subprocess.run([str(SLURM / "submit.sh"), str(listed), str(Path(folder) / "out"), count], cwd=folder,
                           capture_output=True, text=True, env=environment(folder, PATH="/usr/bin:/bin")),
        ]
        for run in runs:
            assert run.returncode == 2 and "is not a whole number from 1" in run.stderr, run.stderr
        assert pwned(folder) == []


def slurm_task(folder, listed, out, task, first, count, *options):
    variables = {"SLURM_ARRAY_TASK_ID": task, "SLURM_ARRAY_TASK_MIN": first, "SLURM_ARRAY_TASK_COUNT": count}
    return subprocess.run([str(SLURM / "shard.sbatch"), str(listed), str(out), *options], cwd=folder,
                          capture_output=True, text=True, env=environment(folder, **variables))


def test_slurm_scripts_pass_names_and_options_as_words():
    """shard.sbatch and merge.sbatch as a job array would run them (the environment of tasks 4
    and 5 of an array 4-5), with a hostile list and folder and the documented options."""
    with tempfile.TemporaryDirectory() as folder:
        listed = write_list(folder, HOSTILE + ".txt")
        out = Path(folder) / ("out " + HOSTILE)
        for task in ("4", "5"):
            run = slurm_task(folder, listed, out, task, "4", "2", "--ops", "binarize; 75%")
            assert run.returncode == 0, run.stderr
        merge = subprocess.run([str(SLURM / "merge.sbatch"), str(out), "2"], cwd=folder, capture_output=True,
                               text=True, env=environment(folder))
        assert merge.returncode == 0, merge.stderr
        assert pwned(folder) == []
        assert without_timings((out / "results.jsonl").read_text()) == one_run(folder, "--ops", "binarize; 75%")


def test_slurm_task_variables_are_checked_before_use():
    with tempfile.TemporaryDirectory() as folder:
        listed = write_list(folder, "list.txt")
        out = Path(folder) / "out"
        for task, first in (("x[$(touch PWNED)]", "0"), ("1", "a[$(touch PWNED)]"), ("0", "-9223372036854775808"),
                            ("3", "4")):
            run = slurm_task(folder, listed, out, task, first, "2")
            assert run.returncode == 2 and "are not a job array's task" in run.stderr, run.stderr
        assert pwned(folder) == []
        assert not out.exists() or list(out.iterdir()) == []


def test_gnu_parallel_inside_a_slurm_task_gives_each_job_its_share():
    """auto/N reads GNU parallel's PARALLEL_SEQ, not the Slurm task around it."""
    with tempfile.TemporaryDirectory() as folder:
        slurm = {"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "1"}
        listed = write_list(folder, "list.txt")
        # Three jobs, each reading the whole list (the share is of the list, not of parallel's inputs).
        ran = subprocess.run(
            ["parallel", "--will-cite", "-j", "3", "--quote", "sh", "-c",
             'exec "$0" batch --no-store --no-feed --shard auto/3 - < "$1"', BIN, str(listed), ":::", "a", "b", "c"],
            capture_output=True, text=True, env=environment(folder, **slurm))
        assert ran.returncode == 0, ran.stderr
        lines = [json.loads(line) for line in ran.stdout.splitlines()]
        assert sorted(line["shard"]["index"] for line in lines) == [0, 1, 2]
        assert sorted(line["image"] for line in lines) == sorted(IMAGES)
        for sequence in (1, 2, 3):
            assert f"shard {sequence - 1}/3 from PARALLEL_SEQ={sequence}" in ran.stderr


def test_deploy_scripts_pass_shellcheck():
    scripts = [str(p) for p in sorted((ROOT / "deploy").rglob("*"))
               if p.is_file() and p.read_bytes()[:2] == b"#!" and p.read_text().split("\n", 1)[0].endswith("sh")]
    assert len(scripts) >= 5
    result = subprocess.run(["shellcheck", *scripts], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_kubernetes_shell_commands_pass_shellcheck():
    for name in ("shards-job.yaml", "merge-job.yaml"):
        job = yaml.safe_load((ROOT / "deploy" / "kubernetes" / name).read_text())
        container = job["spec"]["template"]["spec"]["containers"][0]
        assert container["command"] == ["/bin/sh", "-c"]
        result = subprocess.run(["shellcheck", "--shell=sh", "-"], input=container["args"][0] + "\n",
                                capture_output=True, text=True)
        assert result.returncode == 0, f"{name}: {result.stdout}"
