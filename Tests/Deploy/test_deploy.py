"""The deployment files in deploy/ checked with what runs here: the Kubernetes manifests
against the Kubernetes API's own models, the systemd unit by systemd-analyze, the container's
packages against the Makefile's and its command line against the binary, and the GNU parallel
recipe run for real."""

import json
import os
import re
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import kubernetes
import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ["FILTEROCR_BIN"]


def model_errors(value, model, where):
    """The keys of `value` that `model` (a Kubernetes client model name) has no field for, and
    the values of the wrong kind, recursively."""
    if model.startswith("list["):
        inner = model[5:-1]
        if not isinstance(value, list):
            return [f"{where}: a list was expected"]
        return [e for i, item in enumerate(value) for e in model_errors(item, inner, f"{where}[{i}]")]
    if model.startswith("dict("):
        return [] if isinstance(value, dict) else [f"{where}: a map was expected"]
    if model in ("str", "int", "bool", "float", "object", "datetime"):
        return []
    cls = getattr(kubernetes.client, model)
    if not isinstance(value, dict):
        return [f"{where}: an object ({model}) was expected"]
    fields = {json_name: cls.openapi_types[python_name] for python_name, json_name in cls.attribute_map.items()}
    errors = []
    for key, item in value.items():
        if key not in fields:
            errors.append(f"{where}.{key}: {model} has no such field")
        else:
            errors += model_errors(item, fields[key], f"{where}.{key}")
    return errors


def manifest(name):
    return yaml.safe_load((ROOT / "deploy" / "kubernetes" / name).read_text())


def test_kubernetes_jobs_are_valid_and_agree():
    shards, merge = manifest("shards-job.yaml"), manifest("merge-job.yaml")
    for job in (shards, merge):
        assert job["kind"] == "Job" and job["apiVersion"] == "batch/v1"
        assert model_errors(job, "V1Job", job["metadata"]["name"]) == []
    spec = shards["spec"]
    assert spec["completionMode"] == "Indexed"
    count = spec["completions"]
    command = " ".join(shards["spec"]["template"]["spec"]["containers"][0]["args"])
    assert f"--shard auto/{count}" in command, "the count given to filterocr is the Job's"
    merged = " ".join(merge["spec"]["template"]["spec"]["containers"][0]["args"])
    assert re.findall(r"part-(\d+)\.jsonl", merged) == [str(i) for i in range(count)], "every part, in shard order"
    assert re.findall(r"store-(\d+)\.sqlite", merged) == [str(i) for i in range(count)]


def test_systemd_unit_verifies():
    unit = (ROOT / "deploy" / "systemd" / "filterocr-watch.service").read_text()
    assert "ExecStart=/usr/local/bin/filterocr watch " in unit
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "filterocr-watch.service"
        path.write_text(unit.replace("/usr/local/bin/filterocr", BIN))
        result = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True)
    # systemd-analyze names problems of the unit file itself by its name.
    problems = [line for line in (result.stdout + result.stderr).splitlines() if "filterocr-watch.service" in line]
    assert problems == []


def test_container_has_the_runtime_packages_and_a_command_that_runs():
    containerfile = (ROOT / "deploy" / "Containerfile").read_text()
    makefile = (ROOT / "Makefile").read_text()
    runtime = re.search(r"^RUNTIME_PACKAGES = (.*)$", makefile, re.M).group(1).split()
    assert all(package in containerfile for package in runtime)
    command = json.loads(re.search(r"^CMD (\[.*\])$", containerfile, re.M).group(1))
    assert command[:1] == ["watch"]
    with tempfile.TemporaryDirectory() as folder:
        inbox, outbox = Path(folder) / "inbox", Path(folder) / "outbox"
        inbox.mkdir()
        arguments = [str(inbox) if a == "/inbox" else str(outbox) if a == "/outbox" else a for a in command]
        watcher = subprocess.Popen([BIN] + arguments + ["--no-store"], stderr=subprocess.PIPE, text=True)
        try:
            assert "watching" in watcher.stderr.readline()
        finally:
            watcher.send_signal(signal.SIGTERM)
            assert watcher.wait(timeout=60) == 0


def test_gnu_parallel_recipe_equals_one_run():
    images = sorted(str(p) for p in (ROOT / "images").glob("*.png"))[:5]
    with tempfile.TemporaryDirectory() as folder:
        listed = Path(folder) / "list.txt"
        listed.write_text("".join(image + "\n" for image in images))
        out = Path(folder) / "out"
        environment = dict(os.environ, FILTEROCR=BIN, FILTEROCR_STORE="none", XDG_CACHE_HOME=folder)
        subprocess.run([str(ROOT / "deploy" / "parallel" / "shards.sh"), str(listed), str(out), "3"],
                       check=True, env=environment, capture_output=True)
        one = subprocess.run([BIN, "batch", "--no-store", "--no-feed"] + images, capture_output=True, text=True,
                             env=environment).stdout

        def without_timings(text):
            return [{k: v for k, v in json.loads(line).items() if k != "timings"} for line in text.splitlines()]

        assert without_timings((out / "results.jsonl").read_text()) == without_timings(one)
        rerun = subprocess.run([BIN, "batch", "--no-feed", "--store", str(out / "results.sqlite")] + images,
                               capture_output=True, text=True, env=environment).stdout.splitlines()
        assert len(rerun) == len(images) and all('"stored":true' in line for line in rerun)
